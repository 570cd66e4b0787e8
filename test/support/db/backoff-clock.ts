import { type MockInstance, vi } from 'vitest';
import { currentDeadline } from '#shared/db/client.ts';
import { conflictBackoff } from '#shared/db/guarded-write.ts';

/** Each pause asked for: its length, when (the test clock), and the database deadline it was asked under. */
export type Backoff = { pauses: { ms: number; at: number; deadline: number | undefined }[]; restore: () => void };

/**
 * The conflict backoff (`conflictBackoff`) on a clock of the test's own: each pause it asks for is recorded and
 * moves `Date` on by its length at once, so a write that keeps losing to a conflict tries until its request
 * deadline as it would on the wall clock, in milliseconds instead of seconds. `Math.random` is fixed at one half,
 * so the pauses asked for are half their growing ceiling.
 */
export function backoffOnATestClock(): Backoff {
  vi.useFakeTimers({ toFake: ['Date'] });
  const pauses: Backoff['pauses'] = [];
  const random: MockInstance = vi.spyOn(Math, 'random').mockReturnValue(0.5);
  const pause: MockInstance = vi.spyOn(conflictBackoff, 'pause').mockImplementation(async (ms: number) => {
    pauses.push({ ms, at: Date.now(), deadline: currentDeadline() });
    vi.setSystemTime(Date.now() + ms);
  });
  return {
    pauses,
    restore: () => {
      pause.mockRestore();
      random.mockRestore();
      vi.useRealTimers();
    },
  };
}
