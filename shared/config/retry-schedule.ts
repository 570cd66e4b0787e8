/** The webhook retry schedule as configured: waits in seconds before the 2nd, 3rd, ... attempt. */
export const DEFAULT_RETRY_SCHEDULE = '5,300,1800,7200,18000,36000,36000';

/** One wait may not exceed a week: the queue keeps a message at most 14 days. */
const MAX_WAIT_SECONDS = 7 * 24 * 3600;
const MAX_RETRIES = 20;

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
