import { consoleReadable, NoBody } from '#shared/routing/presets.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import { DeletedSchema, PaginationQuery } from '#shared/routing/schemas.ts';
import * as z from '#shared/validation/zod.ts';
import { DELIVERY_CHANGED, DELIVERY_NOT_FOUND } from '#shared/webhooks/delivery-rules.ts';
import { ENDPOINT_LIMIT } from '#shared/webhooks/endpoint-limits.ts';
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
export const routes = defineRoutes('webhooks', {
  // Events and webhooks: endpoint management and deliveries (any authenticated organization, no feature gate).
  createWebhookEndpoint: {
    ...webhookRoute,
    session: { permission: 'manageWebhooks' },
    method: 'POST',
    path: '/api/v2/webhooks/endpoints',
    handler: 'functions/api/webhooks/create-webhook-endpoint.ts',
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { body: CreateEndpointBody },
    responses: { 201: WebhookEndpointWithSecretSchema },
    refusals: [ENDPOINT_LIMIT],
  },
  listWebhookEndpoints: {
    ...webhookRoute,
    ...consoleReadable,
    method: 'GET',
    path: '/api/v2/webhooks/endpoints',
    handler: 'functions/api/webhooks/list-webhook-endpoints.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { query: z.strictObject({ ...PaginationQuery }) },
    responses: { 200: z.array(WebhookEndpointSchema) },
  },
  getWebhookEndpoint: {
    ...webhookRoute,
    ...consoleReadable,
    method: 'GET',
    path: '/api/v2/webhooks/endpoints/{endpointId}',
    handler: 'functions/api/webhooks/get-webhook-endpoint.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { params: EndpointIdParams },
    responses: { 200: WebhookEndpointSchema },
    refusals: [ENDPOINT_NOT_FOUND],
  },
  updateWebhookEndpoint: {
    ...webhookRoute,
    session: { permission: 'manageWebhooks' },
    method: 'PATCH',
    path: '/api/v2/webhooks/endpoints/{endpointId}',
    handler: 'functions/api/webhooks/update-webhook-endpoint.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: EndpointIdParams, body: UpdateEndpointBody },
    responses: { 200: WebhookEndpointSchema },
    refusals: [ENDPOINT_NOT_FOUND, ENDPOINT_CHANGED],
  },
  deleteWebhookEndpoint: {
    ...webhookRoute,
    session: { permission: 'manageWebhooks' },
    method: 'DELETE',
    path: '/api/v2/webhooks/endpoints/{endpointId}',
    handler: 'functions/api/webhooks/remove-webhook-endpoint.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: EndpointIdParams },
    responses: { 200: DeletedSchema },
    refusals: [ENDPOINT_NOT_FOUND, ENDPOINT_CHANGED],
  },
  rotateWebhookSecret: {
    ...webhookRoute,
    session: { permission: 'manageWebhooks' },
    method: 'POST',
    path: '/api/v2/webhooks/endpoints/{endpointId}/rotate-secret',
    handler: 'functions/api/webhooks/rotate-webhook-secret.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: EndpointIdParams, body: NoBody },
    responses: { 200: WebhookEndpointWithSecretSchema },
    refusals: [ENDPOINT_NOT_FOUND, ENDPOINT_CHANGED],
  },
  sendWebhookTest: {
    ...webhookRoute,
    session: { permission: 'manageWebhooks' },
    method: 'POST',
    path: '/api/v2/webhooks/endpoints/{endpointId}/test',
    handler: 'functions/api/webhooks/send-test-event.ts',
    successStatus: 202,
    access: { table: 'readwrite' },
    request: { params: EndpointIdParams, body: NoBody },
    responses: { 202: TestEventSchema },
    refusals: [ENDPOINT_NOT_FOUND],
  },
  listWebhookDeliveries: {
    ...webhookRoute,
    ...consoleReadable,
    method: 'GET',
    path: '/api/v2/webhooks/endpoints/{endpointId}/deliveries',
    handler: 'functions/api/webhooks/list-webhook-deliveries.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { params: EndpointIdParams, query: z.strictObject({ ...PaginationQuery }) },
    responses: { 200: z.array(WebhookDeliverySchema) },
    refusals: [ENDPOINT_NOT_FOUND],
  },
  retryWebhookDelivery: {
    ...webhookRoute,
    session: { permission: 'manageWebhooks' },
    method: 'POST',
    path: '/api/v2/webhooks/deliveries/{deliveryId}/retry',
    handler: 'functions/api/webhooks/retry-webhook-delivery.ts',
    successStatus: 202,
    access: { table: 'readwrite' },
    request: { params: DeliveryIdParams, body: NoBody },
    responses: { 202: WebhookDeliverySchema },
    refusals: [ENDPOINT_NOT_FOUND, DELIVERY_NOT_FOUND, DELIVERY_CHANGED],
  },
});
