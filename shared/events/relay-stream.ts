import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import type { BusEntry } from '#shared/events/bus.ts';
import { EventEnvelopeSchema } from '#shared/events/contracts.ts';
import type { RelayDeps } from '#shared/events/deps.ts';
import {
  EVENT_SOURCE,
  isRelayedStreamRecord,
  type PublishedEventDetail,
  REDELIVERY_DETAIL_TYPE,
  WEBHOOK_SOURCE,
} from '#shared/events/routing.ts';
import { log } from '#shared/log.ts';
import * as z from '#shared/validation/zod.ts';

const OutboxItemSchema = z.discriminatedUnion('entity', [
  z.object({ entity: z.literal('EVENT'), envelope: EventEnvelopeSchema, targetEndpointId: z.optional(z.string()) }),
  z.object({
    entity: z.literal('WEBHOOK_REDELIVERY'),
    organizationId: z.string(),
    deliveryId: z.string(),
    requestedAt: z.string(),
  }),
]);

/** The bus entry for one outbox item (the stream record's new image). */
export function toBusEntry(image: Record<string, unknown>): BusEntry {
  const item = OutboxItemSchema.parse(image);
  if (item.entity === 'EVENT') {
    const detail: PublishedEventDetail = {
      envelope: item.envelope,
      ...(item.targetEndpointId ? { endpointId: item.targetEndpointId } : {}),
    };
    return {
      source: EVENT_SOURCE,
      detailType: item.envelope.event_type,
      detail,
      time: new Date(item.envelope.created_at),
    };
  }
  return {
    source: WEBHOOK_SOURCE,
    detailType: REDELIVERY_DETAIL_TYPE,
    detail: { organizationId: item.organizationId, deliveryId: item.deliveryId },
    time: new Date(item.requestedAt),
  };
}

/**
 * Publishes the outbox items of a batch of stream records to the bus, in order. On a failure it reports the
 * first record not published, so the stream resumes there: later records may be published twice, which the
 * sender absorbs (one delivery per event and endpoint). A record that can never be published is logged and
 * skipped rather than holding up every event behind it.
 */
export async function relayStreamRecords(
  deps: RelayDeps,
  records: readonly DynamoDBRecord[],
): Promise<DynamoDBBatchResponse> {
  const pending: { sequenceNumber: string; entry: BusEntry }[] = [];
  for (const record of records) {
    if (!isRelayedStreamRecord(record)) continue;
    const sequenceNumber = record.dynamodb?.SequenceNumber ?? '';
    try {
      const image = unmarshall((record.dynamodb?.NewImage ?? {}) as Record<string, AttributeValue>);
      pending.push({ sequenceNumber, entry: toBusEntry(image) });
    } catch (error) {
      log.error('outbox item cannot be published, skipped', { sequenceNumber, error });
    }
  }
  if (pending.length === 0) return { batchItemFailures: [] };
  let failed: number[];
  try {
    failed = await deps.bus.put(pending.map((p) => p.entry));
  } catch (error) {
    log.warn('event bus unavailable, the stream will retry', { error });
    failed = [0];
  }
  const first = failed.length ? pending[Math.min(...failed)] : undefined;
  return { batchItemFailures: first ? [{ itemIdentifier: first.sequenceNumber }] : [] };
}
