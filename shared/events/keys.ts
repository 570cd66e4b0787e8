import type { Key, KeySpace } from '#shared/db/table-keys.ts';

/** The prefix every event record's partition key starts with; the stream relay keeps only these. */
export const EVENT_KEY_PREFIX = 'EVENT#';

export const eventKeys = {
  event: (eventId: string): Key => ({ pk: `${EVENT_KEY_PREFIX}${eventId}`, sk: 'EVENT' }),
} as const;

export const EVENT_KEY_SPACES: KeySpace[] = [{ pk: EVENT_KEY_PREFIX }];
