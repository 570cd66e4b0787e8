import { z } from 'zod';
import { EVENT_TYPES, type EventType } from '#shared/events/contracts.ts';

/** Every event type but `webhook.test`, which goes only to the endpoint it tests. */
export const SUBSCRIBABLE_EVENT_TYPES = EVENT_TYPES.filter((type) => type !== 'webhook.test') as Exclude<
  EventType,
  'webhook.test'
>[];

const ReceiverUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/, error: 'Must be an http or https URL' }));

const EventTypesSchema = z
  .array(z.enum(SUBSCRIBABLE_EVENT_TYPES))
  .min(1)
  .transform((types) => [...new Set(types)]);

const DescriptionSchema = z.string().trim().max(500);

/** `eventTypes` omitted: every event type, including types added later. */
export const CreateEndpointBody = z.strictObject({
  url: ReceiverUrlSchema,
  eventTypes: EventTypesSchema.optional(),
  description: DescriptionSchema.optional(),
});
export type CreateEndpointInput = z.output<typeof CreateEndpointBody>;

/** `eventTypes: null` goes back to every event type; `description: null` clears it. */
export const UpdateEndpointBody = z.strictObject({
  url: ReceiverUrlSchema.optional(),
  eventTypes: EventTypesSchema.nullable().optional(),
  description: DescriptionSchema.nullable().optional(),
});
export type UpdateEndpointInput = z.output<typeof UpdateEndpointBody>;

export const EndpointIdParams = z.strictObject({ endpointId: z.uuid({ error: 'Must be a UUID' }) });
export const DeliveryIdParams = z.strictObject({ deliveryId: z.uuid({ error: 'Must be a UUID' }) });

/** Secrets are kept in clear because signing needs them; they leave only in the create and rotate responses. */
export const SigningSecretsSchema = z.object({
  secret: z.string(),
  /** The secret before the last rotation, still signing until `expiresAt`. */
  previous: z.object({ secret: z.string(), expiresAt: z.string() }).nullable(),
});

/** The stored endpoint; parsed on every read. */
export const EndpointRecordSchema = z.object({
  endpointId: z.string(),
  organizationId: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  eventTypes: z.array(z.string()).nullable(),
  signing: SigningSecretsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int().min(1),
});
export type EndpointRecord = z.infer<typeof EndpointRecordSchema>;

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  /** null: every event type. */
  eventTypes: z.array(z.string()).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({ secret: z.string() });

export const toWebhookEndpoint = (record: EndpointRecord): WebhookEndpoint => ({
  id: record.endpointId,
  url: record.url,
  description: record.description,
  eventTypes: record.eventTypes,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

export const DeliveryStatusSchema = z.enum(['PENDING', 'DELIVERED', 'FAILED']);
export type DeliveryStatus = z.infer<typeof DeliveryStatusSchema>;

export const AttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
export type Attempt = z.infer<typeof AttemptSchema>;

/** One event for one endpoint, with its own retry state; parsed on every read. */
export const DeliveryRecordSchema = z.object({
  deliveryId: z.string(),
  organizationId: z.string(),
  endpointId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  /** The exact body every attempt sends (and signs). */
  payload: z.string(),
  status: DeliveryStatusSchema,
  attempts: z.number().int().min(0),
  /** The schedule's attempts, plus one per manual retry. */
  allowedAttempts: z.number().int().min(1),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  lastResponseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  attemptLog: z.array(AttemptSchema),
  /** The queue message whose attempt is in flight (until `nextAttemptAt`), or null. */
  leasedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeliveryRecord = z.infer<typeof DeliveryRecordSchema>;

export const WebhookDeliverySchema = DeliveryRecordSchema.pick({
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
}).extend({ id: z.string() });
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

export const TestEventSchema = z.object({ eventId: z.string(), eventType: z.literal('webhook.test') });
