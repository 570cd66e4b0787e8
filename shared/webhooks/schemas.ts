import { EVENT_TYPES, type EventType } from '#shared/events/contracts.ts';
import { described } from '#shared/routing/prose.ts';
import * as z from '#shared/validation/zod.ts';
import type { DeliveryRecord, EndpointRecord } from '#shared/webhooks/records.ts';
import { DeliveryRecordSchema } from '#shared/webhooks/records.ts';

/** Every event type but `webhook.test`, which goes only to the endpoint it tests. */
export const SUBSCRIBABLE_EVENT_TYPES = EVENT_TYPES.filter((type) => type !== 'webhook.test') as Exclude<
  EventType,
  'webhook.test'
>[];

const ReceiverUrlSchema = z.pipe(
  z.string().check(z.trim(), z.maxLength(2048)),
  z.url({ protocol: /^https?$/, error: 'Must be an http or https URL' }),
);

const EventTypesSchema = z.pipe(
  z.array(z.enum(SUBSCRIBABLE_EVENT_TYPES)).check(z.minLength(1)),
  z.transform((types) => [...new Set(types)]),
);

const DescriptionSchema = z.string().check(z.trim(), z.maxLength(500));

/** `eventTypes` omitted: every event type, including types added later. */
export const CreateEndpointBody = z.strictObject({
  url: described(ReceiverUrlSchema),
  eventTypes: z.optional(EventTypesSchema),
  description: z.optional(DescriptionSchema),
});
export type CreateEndpointInput = z.output<typeof CreateEndpointBody>;

/** `eventTypes: null` goes back to every event type; `description: null` clears it. */
export const UpdateEndpointBody = z.strictObject({
  url: z.optional(ReceiverUrlSchema),
  eventTypes: z.optional(z.nullable(EventTypesSchema)),
  description: z.optional(z.nullable(DescriptionSchema)),
});
export type UpdateEndpointInput = z.output<typeof UpdateEndpointBody>;

export const EndpointIdParams = z.strictObject({
  endpointId: z.uuid({ error: 'Must be a UUID' }),
});
export const DeliveryIdParams = z.strictObject({
  deliveryId: z.uuid({ error: 'Must be a UUID' }),
});

const WebhookEndpointShape = {
  id: z.uuid(),
  url: z.string(),
  description: z.nullable(z.string()),
  eventTypes: z.nullable(z.array(z.string())),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
};

export const WebhookEndpointSchema = z.object(WebhookEndpointShape);
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/** Create and rotate only: the signing secret, shown nowhere else. */
export const WebhookEndpointWithSecretSchema = z.object({
  ...WebhookEndpointShape,
  secret: z.string(),
});

export const toWebhookEndpoint = (record: EndpointRecord): WebhookEndpoint => ({
  id: record.endpointId,
  url: record.url,
  description: record.description,
  eventTypes: record.eventTypes,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

export const WebhookDeliverySchema = z.extend(
  z.pick(DeliveryRecordSchema, {
    endpointId: true,
    eventId: true,
    eventType: true,
    status: true,
    attempts: true,
    lastAttemptAt: true,
    nextAttemptAt: true,
    lastResponseStatus: true,
    lastError: true,
    createdAt: true,
    attemptLog: true,
  }),
  { id: z.uuid() },
);
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const toWebhookDelivery = (record: DeliveryRecord): WebhookDelivery => ({
  id: record.deliveryId,
  endpointId: record.endpointId,
  eventId: record.eventId,
  eventType: record.eventType,
  status: record.status,
  attempts: record.attempts,
  lastAttemptAt: record.lastAttemptAt,
  nextAttemptAt: record.nextAttemptAt,
  lastResponseStatus: record.lastResponseStatus,
  lastError: record.lastError,
  createdAt: record.createdAt,
  attemptLog: record.attemptLog,
});

export const TestEventSchema = z.object({ eventId: z.uuid(), eventType: z.literal('webhook.test') });
