import { EVENT_TYPES, type EventType } from '#shared/events/contracts.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
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

const RECEIVER_URL_RULES =
  'Live organizations: `https` only, never a private, loopback, link-local or metadata address (checked when ' +
  'saved and again at every delivery). Sandbox organizations may also use `http` and loopback (`http://127.0.0.1:4000/...`) ' +
  'for local development; in AWS the sender refuses loopback for everyone.';

const ENDPOINT_ID = '6a1f5c3e-2b7d-4e8f-9a0b-1c2d3e4f5a6b';
const DELIVERY_ID = 'c3a9e1f2-5b6d-4c7e-8f90-a1b2c3d4e5f6';
const EVENT_ID = '5f0c8e53-7a5b-4b8e-9a57-1c3f4d2e6b10';
const AT = '2026-11-21T10:00:00.000Z';

/** `eventTypes` omitted: every event type, including types added later. */
export const CreateEndpointBody = z
  .strictObject({
    url: ReceiverUrlSchema.check(
      docMeta(
        OPENAPI_PROSE && {
          description: RECEIVER_URL_RULES,
          examples: ['https://hooks.example.com/payouts'],
        },
      ),
    ),
    eventTypes: z.optional(EventTypesSchema).check(
      docMeta(
        OPENAPI_PROSE && {
          description: 'The event types to send; left out: every type, including types added later',
        },
      ),
    ),
    description: z.optional(DescriptionSchema).check(
      docMeta(
        OPENAPI_PROSE && {
          description: 'Your note about the endpoint, up to 500 characters',
        },
      ),
    ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'CreateWebhookEndpointRequest',
        examples: [
          {
            url: 'https://hooks.example.com/payouts',
            eventTypes: ['customer.created', 'customer.kyc.approved'],
            description: 'CRM sync',
          },
          { url: 'https://hooks.example.com/all-events' },
        ],
      },
    ),
  );
export type CreateEndpointInput = z.output<typeof CreateEndpointBody>;

/** `eventTypes: null` goes back to every event type; `description: null` clears it. */
export const UpdateEndpointBody = z
  .strictObject({
    url: z.optional(ReceiverUrlSchema).check(
      docMeta(
        OPENAPI_PROSE && {
          description: `The new receiver URL; pending retries go there too. ${RECEIVER_URL_RULES}`,
        },
      ),
    ),
    eventTypes: z.optional(z.nullable(EventTypesSchema)).check(
      docMeta(
        OPENAPI_PROSE && {
          description: 'The event types to send; `null`: every type again, including types added later',
        },
      ),
    ),
    description: z
      .optional(z.nullable(DescriptionSchema))
      .check(docMeta(OPENAPI_PROSE && { description: 'Your note about the endpoint; `null` clears it' })),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'UpdateWebhookEndpointRequest',
        examples: [{ url: 'https://hooks.example.com/payouts/v2' }, { eventTypes: null, description: null }],
      },
    ),
  );
export type UpdateEndpointInput = z.output<typeof UpdateEndpointBody>;

export const EndpointIdParams = z.strictObject({
  endpointId: z
    .uuid({ error: 'Must be a UUID' })
    .check(
      docMeta(
        OPENAPI_PROSE && { description: 'The `id` that creating the endpoint returned', examples: [ENDPOINT_ID] },
      ),
    ),
});
export const DeliveryIdParams = z.strictObject({
  deliveryId: z
    .uuid({ error: 'Must be a UUID' })
    .check(
      docMeta(
        OPENAPI_PROSE && { description: "A delivery's `id`, from the endpoint's deliveries", examples: [DELIVERY_ID] },
      ),
    ),
});

const ENDPOINT_EXAMPLE = {
  id: ENDPOINT_ID,
  url: 'https://hooks.example.com/payouts',
  description: 'CRM sync',
  eventTypes: ['customer.created', 'customer.kyc.approved'],
  createdAt: AT,
  updatedAt: AT,
};

const WebhookEndpointShape = {
  id: z.uuid(),
  url: z.string(),
  description: z.nullable(z.string()),
  eventTypes: z.nullable(z.array(z.string())).check(
    docMeta(
      OPENAPI_PROSE && {
        description: 'The event types sent to this endpoint; null: every type, including ones added later',
      },
    ),
  ),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
};

export const WebhookEndpointSchema = z
  .object(WebhookEndpointShape)
  .check(docMeta(OPENAPI_PROSE && { id: 'WebhookEndpoint', examples: [ENDPOINT_EXAMPLE] }));
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/** Create and rotate only: the signing secret, shown nowhere else. */
export const WebhookEndpointWithSecretSchema = z
  .object({
    ...WebhookEndpointShape,
    secret: z
      .string()
      .check(
        docMeta(
          OPENAPI_PROSE && { description: '`whsec_` + base64 of 32 random bytes; keep it, it is not shown again' },
        ),
      ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'WebhookEndpointWithSecret',
        examples: [{ ...ENDPOINT_EXAMPLE, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw7eYjd2D1vZo=' }],
      },
    ),
  );

export const toWebhookEndpoint = (record: EndpointRecord): WebhookEndpoint => ({
  id: record.endpointId,
  url: record.url,
  description: record.description,
  eventTypes: record.eventTypes,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

export const WebhookDeliverySchema = z
  .extend(
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
  )
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'WebhookDelivery',
        examples: [
          {
            id: DELIVERY_ID,
            endpointId: ENDPOINT_ID,
            eventId: EVENT_ID,
            eventType: 'customer.created',
            status: 'PENDING',
            attempts: 2,
            lastAttemptAt: '2026-11-21T10:00:05.100Z',
            nextAttemptAt: '2026-11-21T10:05:05.200Z',
            lastResponseStatus: 503,
            lastError: 'HTTP 503',
            createdAt: AT,
            attemptLog: [
              {
                attempt: 1,
                at: '2026-11-21T10:00:00.050Z',
                responseStatus: null,
                error: 'Connection refused',
                durationMs: 3,
              },
              { attempt: 2, at: '2026-11-21T10:00:05.100Z', responseStatus: 503, error: 'HTTP 503', durationMs: 120 },
            ],
          },
        ],
      },
    ),
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

export const TestEventSchema = z
  .object({ eventId: z.uuid(), eventType: z.literal('webhook.test') })
  .check(
    docMeta(OPENAPI_PROSE && { id: 'WebhookTestEvent', examples: [{ eventId: EVENT_ID, eventType: 'webhook.test' }] }),
  );
