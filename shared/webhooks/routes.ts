import * as z from 'zod';
import { NoBody } from '#shared/routing/presets.ts';
import { defineRoute, type RouteDefinition } from '#shared/routing/route.ts';
import { DeletedSchema, ErrorBodySchema, PaginationQuery } from '#shared/routing/schemas.ts';
import {
  ENDPOINT_LIMIT_REACHED,
  REDELIVERIES_PER_ENDPOINT_PER_MINUTE,
  TEST_EVENTS_PER_ENDPOINT_PER_MINUTE,
  TOO_MANY_REDELIVERIES,
  TOO_MANY_TEST_EVENTS,
} from '#shared/webhooks/endpoint-limits.ts';
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

const endpointNotFound = { 404: { error: 'Webhook endpoint not found' } };

/** The webhooks rows of the route table (assembled in `#shared/routes.ts`). */
export const routes = {
  // Events and webhooks: endpoint management and deliveries (any authenticated organization, no feature gate).
  createWebhookEndpoint: defineRoute({
    ...webhookRoute,
    operationId: 'createWebhookEndpoint',
    method: 'POST',
    path: '/api/v2/webhooks/endpoints',
    handler: 'functions/api/webhooks/create-endpoint.ts',
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
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { body: CreateEndpointBody },
    responses: {
      201: WebhookEndpointWithSecretSchema,
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      409: ErrorBodySchema,
    },
    examples: {
      responses: {
        400: { error: 'url: Must not point to a private address' },
        409: { error: ENDPOINT_LIMIT_REACHED },
      },
    },
  }),
  listWebhookEndpoints: defineRoute({
    ...webhookRoute,
    operationId: 'listWebhookEndpoints',
    method: 'GET',
    path: '/api/v2/webhooks/endpoints',
    handler: 'functions/api/webhooks/list-endpoints.ts',
    summary: 'List webhook endpoints, newest first',
    successStatus: 200,
    access: { table: 'read', indexes: ['gsi1'] },
    request: { query: z.strictObject({ ...PaginationQuery }) },
    responses: { 200: z.array(WebhookEndpointSchema), 400: ErrorBodySchema, 401: ErrorBodySchema },
  }),
  getWebhookEndpoint: defineRoute({
    ...webhookRoute,
    operationId: 'getWebhookEndpoint',
    method: 'GET',
    path: '/api/v2/webhooks/endpoints/{endpointId}',
    handler: 'functions/api/webhooks/get-endpoint.ts',
    summary: 'Get a webhook endpoint',
    successStatus: 200,
    access: { table: 'read' },
    request: { params: EndpointIdParams },
    responses: { 200: WebhookEndpointSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
    examples: { responses: endpointNotFound },
  }),
  updateWebhookEndpoint: defineRoute({
    ...webhookRoute,
    operationId: 'updateWebhookEndpoint',
    method: 'PATCH',
    path: '/api/v2/webhooks/endpoints/{endpointId}',
    handler: 'functions/api/webhooks/update-endpoint.ts',
    summary: "Change a webhook endpoint's URL, event types or description",
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: EndpointIdParams, body: UpdateEndpointBody },
    responses: {
      200: WebhookEndpointSchema,
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
    examples: {
      responses: { ...endpointNotFound, 409: { error: 'Webhook endpoint changed concurrently, please retry' } },
    },
  }),
  deleteWebhookEndpoint: defineRoute({
    ...webhookRoute,
    operationId: 'deleteWebhookEndpoint',
    method: 'DELETE',
    path: '/api/v2/webhooks/endpoints/{endpointId}',
    handler: 'functions/api/webhooks/delete-endpoint.ts',
    summary: 'Delete a webhook endpoint',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: EndpointIdParams },
    responses: { 200: DeletedSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
    examples: { responses: endpointNotFound },
  }),
  rotateWebhookSecret: defineRoute({
    ...webhookRoute,
    operationId: 'rotateWebhookSecret',
    method: 'POST',
    path: '/api/v2/webhooks/endpoints/{endpointId}/rotate-secret',
    handler: 'functions/api/webhooks/rotate-secret.ts',
    summary: 'Rotate the signing secret (the old one keeps signing for 24 hours)',
    description:
      'For 24 hours every delivery carries two signatures, by the new and the old secret, so receivers can switch ' +
      'over without losing an event.',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: EndpointIdParams, body: NoBody },
    responses: {
      200: WebhookEndpointWithSecretSchema,
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
    examples: {
      responses: { ...endpointNotFound, 409: { error: 'Webhook endpoint changed concurrently, please retry' } },
    },
  }),
  sendWebhookTest: defineRoute({
    ...webhookRoute,
    operationId: 'sendWebhookTest',
    method: 'POST',
    path: '/api/v2/webhooks/endpoints/{endpointId}/test',
    handler: 'functions/api/webhooks/send-test.ts',
    summary: 'Send a webhook.test event to this endpoint',
    description: `Goes to this endpoint only, signed and retried like any event; not subscribable. At most ${TEST_EVENTS_PER_ENDPOINT_PER_MINUTE} a minute per endpoint (429 with \`Retry-After\`).`,
    successStatus: 202,
    access: { table: 'readwrite' },
    request: { params: EndpointIdParams, body: NoBody },
    responses: { 202: TestEventSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
    examples: { responses: { ...endpointNotFound, 429: { error: TOO_MANY_TEST_EVENTS } } },
  }),
  listWebhookDeliveries: defineRoute({
    ...webhookRoute,
    operationId: 'listWebhookDeliveries',
    method: 'GET',
    path: '/api/v2/webhooks/endpoints/{endpointId}/deliveries',
    handler: 'functions/api/webhooks/list-deliveries.ts',
    summary: "List an endpoint's deliveries, newest first",
    successStatus: 200,
    access: { table: 'read', indexes: ['gsi1'] },
    request: { params: EndpointIdParams, query: z.strictObject({ ...PaginationQuery }) },
    responses: {
      200: z.array(WebhookDeliverySchema),
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      404: ErrorBodySchema,
    },
    examples: { responses: endpointNotFound },
  }),
  retryWebhookDelivery: defineRoute({
    ...webhookRoute,
    operationId: 'retryWebhookDelivery',
    method: 'POST',
    path: '/api/v2/webhooks/deliveries/{deliveryId}/retry',
    handler: 'functions/api/webhooks/retry-delivery.ts',
    summary: 'Redeliver now (a failed or delivered delivery gets one attempt more)',
    description:
      'A `FAILED` or `DELIVERED` delivery gets exactly one more attempt; a `PENDING` one is brought forward. The ' +
      'same `webhook-id` and body are sent, so a receiver that deduplicates handles it once. At most ' +
      `${REDELIVERIES_PER_ENDPOINT_PER_MINUTE} a minute per endpoint (429 with \`Retry-After\`).`,
    successStatus: 202,
    access: { table: 'readwrite' },
    request: { params: DeliveryIdParams, body: NoBody },
    responses: {
      202: WebhookDeliverySchema,
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
    examples: {
      responses: {
        404: { error: 'Webhook delivery not found' },
        409: { error: 'Webhook delivery changed concurrently, please retry' },
        429: { error: TOO_MANY_REDELIVERIES },
      },
    },
  }),
} satisfies Record<string, RouteDefinition>;
