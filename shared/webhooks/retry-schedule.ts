/**
 * When a failed webhook delivery is tried again. The schedule lists the waits, in seconds, before the 2nd,
 * 3rd, ... attempt; a delivery gets one attempt more than the schedule has entries, then it is FAILED.
 */
export const DEFAULT_RETRY_SCHEDULE = '5,300,1800,7200,18000,36000,36000';

/** One wait may not exceed a week: the queue keeps a message at most 14 days. */
const MAX_WAIT_SECONDS = 7 * 24 * 3600;
const MAX_RETRIES = 20;

/** SQS delays a message by at most 15 minutes; longer waits take several hops. */
export const MAX_QUEUE_DELAY_SECONDS = 900;

export class RetryScheduleError extends Error {}

/** `"5,300,1800"` -> `[5, 300, 1800]`; anything else is refused with a reason. */
export function parseRetrySchedule(text: string): number[] {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length > MAX_RETRIES) throw new RetryScheduleError(`at most ${MAX_RETRIES} waits`);
  return parts.map((part) => {
    if (!/^\d{1,7}$/.test(part) || Number(part) > MAX_WAIT_SECONDS) {
      throw new RetryScheduleError(`"${part}" is not a whole number of seconds from 0 to ${MAX_WAIT_SECONDS}`);
    }
    return Number(part);
  });
}

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
