/**
 * When a failed webhook delivery is tried again. The schedule lists the waits, in seconds, before the 2nd,
 * 3rd, ... attempt; a delivery gets one attempt more than the schedule has entries, then it is FAILED.
 * The schedule itself is configuration (`#shared/config/retry-schedule.ts`).
 */

/** SQS delays a message by at most 15 minutes; longer waits take several hops. */
export const MAX_QUEUE_DELAY_SECONDS = 900;

/** Attempts a delivery gets from the schedule: the first one and one per wait. */
export const attemptsOf = (schedule: readonly number[]): number => schedule.length + 1;

/**
 * When the next attempt is due after `attemptsMade` attempts, or undefined when the delivery has had all the
 * attempts it may have. `allowedAttempts` may differ from the schedule's (a manual retry adds one).
 */
export function nextAttemptAt(input: {
  schedule: readonly number[];
  attemptsMade: number;
  allowedAttempts: number;
  now: Date;
}): Date | undefined {
  const { schedule, attemptsMade, allowedAttempts, now } = input;
  if (attemptsMade >= allowedAttempts || schedule.length === 0) return undefined;
  const wait = schedule[Math.min(attemptsMade, schedule.length) - 1] ?? 0;
  return new Date(now.getTime() + wait * 1000);
}

/** The delay to put on a queue message so it comes back when `dueAt` is reached, or within the longest hop. */
export function queueDelaySeconds(dueAt: Date, now: Date): number {
  const remaining = Math.ceil((dueAt.getTime() - now.getTime()) / 1000);
  return Math.min(MAX_QUEUE_DELAY_SECONDS, Math.max(0, remaining));
}
