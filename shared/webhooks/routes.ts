import { consoleReadable, NoBody } from '#shared/routing/presets.ts';
import { defineRoute, OPENAPI_PROSE, type RouteDefinition } from '#shared/routing/route.ts';
import { DeletedSchema, PaginationQuery } from '#shared/routing/schemas.ts';
import * as z from '#shared/validation/zod.ts';
import { DELIVERY_CHANGED, DELIVERY_NOT_FOUND } from '#shared/webhooks/delivery-rules.ts';
import {
  ENDPOINT_LIMIT,
  REDELIVERIES_PER_ENDPOINT_PER_MINUTE,
  TEST_EVENTS_PER_ENDPOINT_PER_MINUTE,
  TOO_MANY_REDELIVERIES,
  TOO_MANY_TEST_EVENTS,
} from '#shared/webhooks/endpoint-limits.ts';
import { ENDPOINT_CHANGED } from '#shared/webhooks/endpoint-rules.ts';
import { ENDPOINT_NOT_FOUND } from '#shared/webhooks/require-webhook-endpoint.ts';
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

const webhookRoute = { auth: true, tag: 'Webhooks' } as const;

/** The webhooks rows of the route table (assembled in `#shared/routes.ts`). */
export const routes = {
  // Events and webhooks: endpoint management and deliveries (any authenticated organization, no feature gate).
  createWebhookEndpoint: defineRoute({
    ...webhookRoute,
    session: { permission: 'manageWebhooks' },
    operationId: 'createWebhookEndpoint',
    method: 'POST',
    path: '/api/v2/webhooks/endpoints',
    handler: 'functions/api/webhooks/create-webhook-endpoint.ts',
    summary: 'Create a webhook endpoint (the signing secret is shown only here and on rotation)',
    description:
      OPENAPI_PROSE &&
      [
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
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { body: CreateEndpointBody },
    responses: { 201: WebhookEndpointWithSecretSchema },
    refusals: [ENDPOINT_LIMIT],
    examples: { responses: { 400: { error: 'url: Must not point to a private address' } } },
  }),
  listWebhookEndpoints: defineRoute({
    ...webhookRoute,
    ...consoleReadable,
    operationId: 'listWebhookEndpoints',
    method: 'GET',
    path: '/api/v2/webhooks/endpoints',
    handler: 'functions/api/webhooks/list-webhook-endpoints.ts',
    summary: 'List webhook endpoints, newest first',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { query: z.strictObject({ ...PaginationQuery }) },
    responses: { 200: z.array(WebhookEndpointSchema) },
  }),
  getWebhookEndpoint: defineRoute({
    ...webhookRoute,
    ...consoleReadable,
    operationId: 'getWebhookEndpoint',
    method: 'GET',
    path: '/api/v2/webhooks/endpoints/{endpointId}',
    handler: 'functions/api/webhooks/get-webhook-endpoint.ts',
    summary: 'Get a webhook endpoint',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { params: EndpointIdParams },
    responses: { 200: WebhookEndpointSchema },
    refusals: [ENDPOINT_NOT_FOUND],
  }),
  updateWebhookEndpoint: defineRoute({
    ...webhookRoute,
    session: { permission: 'manageWebhooks' },
    operationId: 'updateWebhookEndpoint',
    method: 'PATCH',
    path: '/api/v2/webhooks/endpoints/{endpointId}',
    handler: 'functions/api/webhooks/update-webhook-endpoint.ts',
    summary: "Change a webhook endpoint's URL, event types or description",
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: EndpointIdParams, body: UpdateEndpointBody },
    responses: { 200: WebhookEndpointSchema },
    refusals: [ENDPOINT_NOT_FOUND, ENDPOINT_CHANGED],
  }),
  deleteWebhookEndpoint: defineRoute({
    ...webhookRoute,
    session: { permission: 'manageWebhooks' },
    operationId: 'deleteWebhookEndpoint',
    method: 'DELETE',
    path: '/api/v2/webhooks/endpoints/{endpointId}',
    handler: 'functions/api/webhooks/remove-webhook-endpoint.ts',
    summary: 'Delete a webhook endpoint',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: EndpointIdParams },
    responses: { 200: DeletedSchema },
    refusals: [ENDPOINT_NOT_FOUND, ENDPOINT_CHANGED],
  }),
  rotateWebhookSecret: defineRoute({
    ...webhookRoute,
    session: { permission: 'manageWebhooks' },
    operationId: 'rotateWebhookSecret',
    method: 'POST',
    path: '/api/v2/webhooks/endpoints/{endpointId}/rotate-secret',
    handler: 'functions/api/webhooks/rotate-webhook-secret.ts',
    summary: 'Rotate the signing secret (the old one keeps signing for 24 hours)',
    description:
      OPENAPI_PROSE &&
      'For 24 hours every delivery carries two signatures, by the new and the old secret, so receivers can switch ' +
        'over without losing an event.',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: EndpointIdParams, body: NoBody },
    responses: { 200: WebhookEndpointWithSecretSchema },
    refusals: [ENDPOINT_NOT_FOUND, ENDPOINT_CHANGED],
  }),
  sendWebhookTest: defineRoute({
    ...webhookRoute,
    session: { permission: 'manageWebhooks' },
    operationId: 'sendWebhookTest',
    method: 'POST',
    path: '/api/v2/webhooks/endpoints/{endpointId}/test',
    handler: 'functions/api/webhooks/send-test-event.ts',
    summary: 'Send a webhook.test event to this endpoint',
    description:
      OPENAPI_PROSE &&
      `Goes to this endpoint only, signed and retried like any event; not subscribable. At most ${TEST_EVENTS_PER_ENDPOINT_PER_MINUTE} a minute per endpoint (429 with \`Retry-After\`).`,
    successStatus: 202,
    access: { table: 'readwrite' },
    request: { params: EndpointIdParams, body: NoBody },
    responses: { 202: TestEventSchema },
    refusals: [ENDPOINT_NOT_FOUND],
    examples: { responses: { 429: { error: TOO_MANY_TEST_EVENTS } } },
  }),
  listWebhookDeliveries: defineRoute({
    ...webhookRoute,
    ...consoleReadable,
    operationId: 'listWebhookDeliveries',
    method: 'GET',
    path: '/api/v2/webhooks/endpoints/{endpointId}/deliveries',
    handler: 'functions/api/webhooks/list-webhook-deliveries.ts',
    summary: "List an endpoint's deliveries, newest first",
    description:
      OPENAPI_PROSE &&
      "A deleted endpoint's deliveries stay listed for as long as deliveries are kept (30 days); nothing more is sent to it.",
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { params: EndpointIdParams, query: z.strictObject({ ...PaginationQuery }) },
    responses: { 200: z.array(WebhookDeliverySchema) },
    refusals: [ENDPOINT_NOT_FOUND],
  }),
  retryWebhookDelivery: defineRoute({
    ...webhookRoute,
    session: { permission: 'manageWebhooks' },
    operationId: 'retryWebhookDelivery',
    method: 'POST',
    path: '/api/v2/webhooks/deliveries/{deliveryId}/retry',
    handler: 'functions/api/webhooks/retry-webhook-delivery.ts',
    summary: 'Redeliver now (a failed or delivered delivery gets one attempt more)',
    description:
      OPENAPI_PROSE &&
      'A `FAILED` or `DELIVERED` delivery gets exactly one more attempt; a `PENDING` one is brought forward. The ' +
        'same `webhook-id` and body are sent, so a receiver that deduplicates handles it once. At most ' +
        `${REDELIVERIES_PER_ENDPOINT_PER_MINUTE} a minute per endpoint (429 with \`Retry-After\`).`,
    successStatus: 202,
    access: { table: 'readwrite' },
    request: { params: DeliveryIdParams, body: NoBody },
    responses: { 202: WebhookDeliverySchema },
    refusals: [ENDPOINT_NOT_FOUND, DELIVERY_NOT_FOUND, DELIVERY_CHANGED],
    examples: { responses: { 429: { error: TOO_MANY_REDELIVERIES } } },
  }),
} satisfies Record<string, RouteDefinition>;
