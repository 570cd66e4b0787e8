import type { Db } from '#shared/db/client.ts';
import type { TransactItem } from '#shared/db/guarded-write.ts';
import { keys } from '#shared/db/keys.ts';
import type { EVENT_DATA_SCHEMAS, EventEnvelope, EventType } from '#shared/events/contracts.ts';
import { newId } from '#shared/ids.ts';
import type * as z from '#shared/validation/zod.ts';

/** Event records stay in the table long enough for the stream to carry them and for replays; then TTL removes them. */
const EVENT_RETENTION_SECONDS = 30 * 24 * 3600;

/** The data an event of type `T` carries: its contract's schema, so a producer's wrong payload is a type error. */
export type EventData<T extends EventType> = z.input<(typeof EVENT_DATA_SCHEMAS)[T]>;

export type EventRecord = ReturnType<typeof eventRecord>;

/**
 * The outbox item for one event. A use case puts it in the same TransactWriteItems as the state change it
 * describes, so an event is stored exactly when the change is; the table stream publishes it from there.
 */
export function eventRecord<T extends EventType>(input: {
  organizationId: string;
  type: T;
  data: EventData<T>;
  now: Date;
  eventId?: string;
}) {
  const eventId = input.eventId ?? newId();
  const envelope: EventEnvelope = {
    event_id: eventId,
    event_type: input.type,
    created_at: input.now.toISOString(),
    api_version: 'v2',
    org_id: input.organizationId,
    data: input.data,
  };
  return {
    ...keys.event(eventId),
    entity: 'EVENT' as const,
    envelope,
    expiresAt: Math.floor(input.now.getTime() / 1000) + EVENT_RETENTION_SECONDS,
  };
}

/** The outbox item as a transaction item: an event id is fresh, so the guard only keeps a retry from duplicating it. */
export const eventPut = (db: Db, event: EventRecord): TransactItem => ({
  Put: { TableName: db.tableName, Item: event, ConditionExpression: 'attribute_not_exists(pk)' },
});
