/** Time is a port so use cases and tests agree on "now" (ISO 8601 UTC with milliseconds). */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

export const isoTimestamp = (date: Date): string => date.toISOString();
