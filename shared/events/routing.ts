import { BACKGROUND_FUNCTIONS } from '#shared/config/background-functions.ts';
import { EVENT_TYPES, EventEnvelopeSchema } from '#shared/events/contracts.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * How events travel from the table to the webhook queue, declared once: the CDK stack builds the stream
 * filter, the bus rules and their targets from this, and the local runtime applies the same definitions in
 * process. A new event type needs no change here: the rules take every type in `EVENT_TYPES`.
 */

/** Outbox items the stream carries to the bus: webhook events, and requests to redeliver a webhook. */
export const RELAYED_ENTITIES = ['EVENT', 'WEBHOOK_REDELIVERY'] as const;

/** The relay sees only new outbox items; updates and TTL deletions of them are not events. */
export function isRelayedStreamRecord(record: {
  eventName?: string | undefined;
  dynamodb?: { NewImage?: Record<string, { S?: string | undefined } | undefined> | undefined } | undefined;
}): boolean {
  const entity = record.dynamodb?.NewImage?.entity?.S;
  return record.eventName === 'INSERT' && (RELAYED_ENTITIES as readonly (string | undefined)[]).includes(entity);
}

export const EVENT_SOURCE = 'payouts';
export const WEBHOOK_SOURCE = 'payouts.webhooks';
export const REDELIVERY_DETAIL_TYPE = 'webhook.redelivery';

/** The `detail` of a webhook event on the bus (`detail-type` = its event type). */
export const PublishedEventDetailSchema = z.object({
  envelope: EventEnvelopeSchema,
  /** Set for `webhook.test`: the one endpoint it goes to. */
  endpointId: z.optional(z.string()),
});
export type PublishedEventDetail = z.infer<typeof PublishedEventDetailSchema>;

export const RedeliveryDetailSchema = z.object({ organizationId: z.string(), deliveryId: z.string() });

/** What EventBridge puts on a queue: the whole event, `detail` parsed. */
export const BusEventSchema = z.object({
  id: z.string(),
  source: z.string(),
  'detail-type': z.string(),
  time: z.string(),
  detail: z.unknown(),
});
export type BusEvent = z.infer<typeof BusEventSchema>;

/** An EventBridge event pattern, restricted to what the rules use: exact matches on source and detail type. */
export type EventPattern = { source: readonly string[]; 'detail-type': readonly string[] };

export type RouteTarget = 'webhookQueue';

export type BusRule = { id: string; description: string; pattern: EventPattern; target: RouteTarget };

export const BUS_RULES: readonly BusRule[] = [
  {
    id: 'WebhookEventsRule',
    description: 'Every webhook event type to the webhook queue',
    pattern: { source: [EVENT_SOURCE], 'detail-type': [...EVENT_TYPES] },
    target: 'webhookQueue',
  },
  {
    id: 'WebhookRedeliveriesRule',
    description: 'Manual webhook redeliveries to the webhook queue',
    pattern: { source: [WEBHOOK_SOURCE], 'detail-type': [REDELIVERY_DETAIL_TYPE] },
    target: 'webhookQueue',
  },
];

export const matchesPattern = (pattern: EventPattern, event: { source: string; 'detail-type': string }): boolean =>
  pattern.source.includes(event.source) && pattern['detail-type'].includes(event['detail-type']);

/** The functions of the event pipeline; the CDK stack deploys these files and the local runtime imports them. */
export const EVENT_FUNCTIONS = {
  streamRelay: BACKGROUND_FUNCTIONS.StreamRelay.handler,
  webhookSender: BACKGROUND_FUNCTIONS.WebhookSender.handler,
} as const;
