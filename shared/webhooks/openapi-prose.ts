import { type FolderProse, schemaProse } from '#shared/routing/prose.ts';
import {
  REDELIVERIES_PER_ENDPOINT_PER_MINUTE,
  TEST_EVENTS_PER_ENDPOINT_PER_MINUTE,
  TOO_MANY_REDELIVERIES,
  TOO_MANY_TEST_EVENTS,
} from '#shared/webhooks/endpoint-limits.ts';
import type { routes } from '#shared/webhooks/routes.ts';
import {
  CreateEndpointBody,
  DeliveryIdParams,
  EndpointIdParams,
  TestEventSchema,
  UpdateEndpointBody,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
} from '#shared/webhooks/schemas.ts';

const AT = '2026-11-21T10:00:00.000Z';

const ENDPOINT_ID = '6a1f5c3e-2b7d-4e8f-9a0b-1c2d3e4f5a6b';

const RECEIVER_URL_RULES =
  'Live organizations: `https` only, never a private, loopback, link-local or metadata address (checked when ' +
  'saved and again at every delivery). Sandbox organizations may also use `http` and loopback (`http://127.0.0.1:4000/...`) ' +
  'for local development; in AWS the sender refuses loopback for everyone.';

const DELIVERY_ID = 'c3a9e1f2-5b6d-4c7e-8f90-a1b2c3d4e5f6';

const EVENT_ID = '5f0c8e53-7a5b-4b8e-9a57-1c3f4d2e6b10';

const ENDPOINT_EXAMPLE = {
  id: ENDPOINT_ID,
  url: 'https://hooks.example.com/payouts',
  description: 'CRM sync',
  eventTypes: ['customer.created', 'customer.kyc.approved'],
  createdAt: AT,
  updatedAt: AT,
};

/** The webhooks words of the OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<typeof routes> = {
  operations: {
    createWebhookEndpoint: {
      summary: 'Create a webhook endpoint (the signing secret is shown only here and on rotation)',
      description: [
        '**Receivers**: live organizations need `https` and a public address; private, loopback, link-local and',
        'metadata addresses are refused when saved and again at every delivery (after DNS resolution). Sandbox',
        'organizations may also use `http` and loopback, such as `http://127.0.0.1:4000/webhooks` for a receiver on',
        'your machine (`npm start`; in AWS loopback is refused for everyone).\n\n**Events only after the endpoint',
        'exists**: an endpoint receives the events created after it was created, never older ones; create it before',
        'the flow you want to observe.\n\n**Verifying**: each delivery is a Standard Webhooks POST (`webhook-id`,',
        '`webhook-timestamp`, `webhook-signature`) signed with the `secret` returned here (keep it: it is shown only',
        'here and on rotation). Verify the raw body with the `standardwebhooks` (or `svix`) library before parsing it.',
        'Answer 2xx within 15 s; anything else is retried (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h). Delivery is at',
        'least once and unordered: deduplicate on `webhook-id`.',
      ].join(' '),
      examples: { responses: { 400: { error: 'url: Must not point to a private address' } } },
    },
    listWebhookEndpoints: { summary: 'List webhook endpoints, newest first' },
    getWebhookEndpoint: { summary: 'Get a webhook endpoint' },
    updateWebhookEndpoint: { summary: "Change a webhook endpoint's URL, event types or description" },
    deleteWebhookEndpoint: { summary: 'Delete a webhook endpoint' },
    rotateWebhookSecret: {
      summary: 'Rotate the signing secret (the old one keeps signing for 24 hours)',
      description:
        'For 24 hours every delivery carries two signatures, by the new and the old secret, so receivers can switch ' +
        'over without losing an event.',
    },
    sendWebhookTest: {
      summary: 'Send a webhook.test event to this endpoint',
      description: `Goes to this endpoint only, signed and retried like any event; not subscribable. At most ${TEST_EVENTS_PER_ENDPOINT_PER_MINUTE} a minute per endpoint (429 with \`Retry-After\`).`,
      examples: { responses: { 429: { error: TOO_MANY_TEST_EVENTS } } },
    },
    listWebhookDeliveries: {
      summary: "List an endpoint's deliveries, newest first",
      description:
        "A deleted endpoint's deliveries stay listed for as long as deliveries are kept (30 days); nothing more is sent to it.",
    },
    retryWebhookDelivery: {
      summary: 'Redeliver now (a failed or delivered delivery gets one attempt more)',
      description:
        'A `FAILED` or `DELIVERED` delivery gets exactly one more attempt; a `PENDING` one is brought forward. The ' +
        'same `webhook-id` and body are sent, so a receiver that deduplicates handles it once. At most ' +
        `${REDELIVERIES_PER_ENDPOINT_PER_MINUTE} a minute per endpoint (429 with \`Retry-After\`).`,
      examples: { responses: { 429: { error: TOO_MANY_REDELIVERIES } } },
    },
  },
  schemas: [
    schemaProse(CreateEndpointBody, {
      id: 'CreateWebhookEndpointRequest',
      examples: [
        {
          url: 'https://hooks.example.com/payouts',
          eventTypes: ['customer.created', 'customer.kyc.approved'],
          description: 'CRM sync',
        },
        { url: 'https://hooks.example.com/all-events' },
      ],
      shape: {
        url: { description: RECEIVER_URL_RULES, examples: ['https://hooks.example.com/payouts'] },
        eventTypes: { description: 'The event types to send; left out: every type, including types added later' },
        description: { description: 'Your note about the endpoint, up to 500 characters' },
      },
    }),
    schemaProse(UpdateEndpointBody, {
      id: 'UpdateWebhookEndpointRequest',
      examples: [{ url: 'https://hooks.example.com/payouts/v2' }, { eventTypes: null, description: null }],
      shape: {
        url: { description: `The new receiver URL; pending retries go there too. ${RECEIVER_URL_RULES}` },
        eventTypes: { description: 'The event types to send; `null`: every type again, including types added later' },
        description: { description: 'Your note about the endpoint; `null` clears it' },
      },
    }),
    schemaProse(EndpointIdParams, {
      shape: { endpointId: { description: 'The `id` that creating the endpoint returned', examples: [ENDPOINT_ID] } },
    }),
    schemaProse(DeliveryIdParams, {
      shape: {
        deliveryId: { description: "A delivery's `id`, from the endpoint's deliveries", examples: [DELIVERY_ID] },
      },
    }),
    schemaProse(WebhookEndpointSchema, {
      id: 'WebhookEndpoint',
      examples: [ENDPOINT_EXAMPLE],
      shape: {
        eventTypes: {
          description: 'The event types sent to this endpoint; null: every type, including ones added later',
        },
      },
    }),
    schemaProse(WebhookEndpointWithSecretSchema, {
      id: 'WebhookEndpointWithSecret',
      examples: [{ ...ENDPOINT_EXAMPLE, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw7eYjd2D1vZo=' }],
      shape: { secret: { description: '`whsec_` + base64 of 32 random bytes; keep it, it is not shown again' } },
    }),
    schemaProse(WebhookDeliverySchema, {
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
    }),
    schemaProse(TestEventSchema, {
      id: 'WebhookTestEvent',
      examples: [{ eventId: EVENT_ID, eventType: 'webhook.test' }],
    }),
  ],
};
