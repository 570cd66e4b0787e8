import * as z from '#shared/validation/zod.ts';

/** The stored shapes of the webhooks area: what the table holds, parsed on every read (see `repository.ts`). */
/** Secrets are kept in clear because signing needs them; they leave only in the create and rotate responses. */
export const SigningSecretsSchema = z.object({
  secret: z.string(),
  /** The secret before the last rotation, still signing until `expiresAt`. */
  previous: z.nullable(z.object({ secret: z.string(), expiresAt: z.string() })),
});

export const DeliveryStatusSchema = z.enum(['PENDING', 'DELIVERED', 'FAILED']);

export type DeliveryStatus = z.infer<typeof DeliveryStatusSchema>;

export const AttemptSchema = z.object({
  attempt: z.number().check(z.int()),
  at: z.string(),
  responseStatus: z.nullable(z.number().check(z.int())),
  error: z.nullable(z.string()),
  durationMs: z.number().check(z.int()),
});

export type Attempt = z.infer<typeof AttemptSchema>;
/** The stored endpoint; parsed on every read. */
export const EndpointRecordSchema = z.object({
  endpointId: z.string(),
  organizationId: z.string(),
  url: z.string(),
  description: z.nullable(z.string()),
  eventTypes: z.nullable(z.array(z.string())),
  signing: SigningSecretsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().check(z.int(), z.gte(1)),
});

export type EndpointRecord = z.infer<typeof EndpointRecordSchema>;

/**
 * What a deleted endpoint leaves behind, kept as long as its deliveries (TTL): its deliveries stay readable to its
 * organization, and say where they went. Nothing is sent to it.
 */
export const DeletedEndpointRecordSchema = z.object({
  endpointId: z.string(),
  organizationId: z.string(),
  url: z.string(),
  description: z.nullable(z.string()),
  createdAt: z.string(),
  deletedAt: z.string(),
});

export type DeletedEndpointRecord = z.infer<typeof DeletedEndpointRecordSchema>;

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
  attempts: z.number().check(z.int(), z.gte(0)),
  /** The schedule's attempts, plus one per manual retry. */
  allowedAttempts: z.number().check(z.int(), z.gte(1)),
  lastAttemptAt: z.nullable(z.string()),
  nextAttemptAt: z.nullable(z.string()),
  lastResponseStatus: z.nullable(z.number().check(z.int())),
  lastError: z.nullable(z.string()),
  attemptLog: z.array(AttemptSchema),
  /** The queue message whose attempt is in flight (until `nextAttemptAt`), or null. */
  leasedBy: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type DeliveryRecord = z.infer<typeof DeliveryRecordSchema>;
