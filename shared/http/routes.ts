import { z } from 'zod';
import { BankSchema, CreateBankBody, CustomerBankParams, SandboxRejectBankBody } from '#shared/banks/schemas.ts';
import {
  AddressSchema,
  CreateCustomerBody,
  CustomerIdParams,
  CustomerSchema,
  KycLinkSchema,
  SandboxKycApproveBody,
} from '#shared/customers/schemas.ts';
import { ErrorBodySchema } from '#shared/http/errors.ts';
import { PaginationQuery } from '#shared/http/pagination.ts';
import { defineRoute, type RouteDefinition } from '#shared/http/route.ts';
import { DOCS_PACKAGE_FILES } from '#shared/openapi/docs-page.ts';
import {
  CreateEndpointBody,
  DeletedSchema,
  DeliveryIdParams,
  EndpointIdParams,
  TestEventSchema,
  UpdateEndpointBody,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
} from '#shared/webhooks/schemas.ts';

/**
 * The route table: the single source for the CDK stack (one Lambda per route, its permissions), the local
 * server (dispatch) and the OpenAPI document. Adding an endpoint is a handler file, a use case and a row here.
 */
const ErrorSchema = ErrorBodySchema;
const NoBody = z.strictObject({});

const customerRoute = { auth: true, features: ['customers'], tag: 'Customers' } as const;
const sandboxRoute = { auth: true, sandboxOnly: true, tag: 'Sandbox' } as const;
const bankRoute = { ...customerRoute, tag: 'Withdrawal banks' } as const;
const customerNotFound = { 404: { error: 'Customer not found' } };
const docsRoute = { auth: false, tag: 'Documentation', successStatus: 200, access: { table: 'none' } } as const;

const OpenApiDocumentSchema = z
  .looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }) })
  .meta({
    id: 'OpenApiDocument',
    examples: [{ openapi: '3.1.0', info: { title: 'Payout service API', version: 'v2' }, paths: {} }],
  });
const DocsAssetParams = z.strictObject({
  asset: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, { error: 'Not a file name' }),
});
const webhookRoute = { auth: true, tag: 'Webhooks' } as const;
const endpointNotFound = { 404: { error: 'Webhook endpoint not found' } };

export const routes = {
  health: defineRoute({
    operationId: 'health',
    method: 'GET',
    path: '/api/v2/health',
    handler: 'functions/api/health/get-health.ts',
    summary: 'Service health',
    tag: 'Health',
    auth: false,
    successStatus: 200,
    access: { table: 'none' },
    responses: { 200: z.object({ status: z.literal('ok') }) },
    examples: { responses: { 200: { status: 'ok' } } },
  }),

  createCustomer: defineRoute({
    ...customerRoute,
    operationId: 'createCustomer',
    method: 'POST',
    path: '/api/v2/customers',
    handler: 'functions/api/customers/create-customer.ts',
    summary: 'Create a customer',
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { body: CreateCustomerBody },
    responses: { 201: CustomerSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
  }),
  listCustomers: defineRoute({
    ...customerRoute,
    operationId: 'listCustomers',
    method: 'GET',
    path: '/api/v2/customers',
    handler: 'functions/api/customers/list-customers.ts',
    summary: 'List customers, newest first',
    successStatus: 200,
    access: { table: 'read' },
    request: { query: z.strictObject({ ...PaginationQuery }) },
    responses: { 200: z.array(CustomerSchema), 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
  }),
  getCustomer: defineRoute({
    ...customerRoute,
    operationId: 'getCustomer',
    method: 'GET',
    path: '/api/v2/customers/{customerId}',
    handler: 'functions/api/customers/get-customer.ts',
    summary: 'Get a customer',
    successStatus: 200,
    access: { table: 'read' },
    request: { params: CustomerIdParams },
    responses: { 200: CustomerSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
    examples: { responses: customerNotFound },
  }),
  initiateKyc: defineRoute({
    ...customerRoute,
    operationId: 'initiateKyc',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/kyc',
    handler: 'functions/api/customers/initiate-kyc.ts',
    summary: 'Start KYC and get the hosted verification link',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: NoBody },
    responses: {
      200: KycLinkSchema,
      400: ErrorSchema,
      401: ErrorSchema,
      403: ErrorSchema,
      404: ErrorSchema,
      409: ErrorSchema,
    },
    examples: {
      responses: {
        ...customerNotFound,
        400: { error: 'KYC link generation is not available for corporate customers' },
        409: { error: 'Customer KYC status changed concurrently, please retry' },
      },
    },
  }),
  getKycAddress: defineRoute({
    ...customerRoute,
    operationId: 'getKycAddress',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/kyc/address',
    handler: 'functions/api/customers/get-kyc-address.ts',
    summary: "Get the customer's verified address",
    successStatus: 200,
    access: { table: 'read' },
    request: { params: CustomerIdParams },
    responses: { 200: AddressSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
    examples: {
      responses: {
        ...customerNotFound,
        403: { error: 'Customer KYC verification must be completed before retrieving address' },
      },
    },
  }),

  sandboxApproveKyc: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxApproveKyc',
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/kyc/approve',
    handler: 'functions/api/sandbox/approve-kyc.ts',
    summary: 'Sandbox: approve KYC with a verified name and address',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: SandboxKycApproveBody },
    responses: { 200: CustomerSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
    examples: { responses: { ...customerNotFound, 409: { error: 'Customer KYC is already approved' } } },
  }),
  sandboxRejectKyc: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxRejectKyc',
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/kyc/reject',
    handler: 'functions/api/sandbox/reject-kyc.ts',
    summary: 'Sandbox: reject KYC',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: NoBody },
    responses: { 200: CustomerSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
    examples: { responses: { ...customerNotFound, 409: { error: 'Customer KYC is already rejected' } } },
  }),

  // Documentation (issue 7): the OpenAPI document and the page that renders it, public like health.
  getOpenApiDocument: defineRoute({
    ...docsRoute,
    operationId: 'getOpenApiDocument',
    method: 'GET',
    path: '/api/v2/openapi.json',
    handler: 'functions/api/docs/get-openapi-document.ts',
    summary: 'The OpenAPI 3.1 document of this API, generated from the route table',
    responses: { 200: OpenApiDocumentSchema },
  }),
  getDocsPage: defineRoute({
    ...docsRoute,
    operationId: 'getDocsPage',
    method: 'GET',
    path: '/docs',
    handler: 'functions/api/docs/get-docs-page.ts',
    summary: 'The docs page: this document rendered by Swagger UI, served without any CDN',
    produces: ['text/html'],
    responses: { 200: z.string() },
    examples: { responses: { 200: '<!doctype html><html lang="en">...</html>' } },
  }),
  getDocsAsset: defineRoute({
    ...docsRoute,
    operationId: 'getDocsAsset',
    method: 'GET',
    path: '/docs/{asset}',
    handler: 'functions/api/docs/get-docs-asset.ts',
    summary: 'A file of the docs page (Swagger UI scripts, styles, icons)',
    access: { table: 'none', packageFiles: DOCS_PACKAGE_FILES },
    request: { params: DocsAssetParams },
    produces: ['text/css', 'text/javascript', 'image/png'],
    responses: { 200: z.string(), 400: ErrorSchema, 404: ErrorSchema },
    examples: { responses: { 200: '/* swagger-ui.css */', 404: { error: 'Not found' } } },
  }),

  // Withdrawal banks (issue 3): a customer's bank accounts, their deposit wallets, and the sandbox review.
  createWithdrawalBank: defineRoute({
    ...bankRoute,
    operationId: 'createWithdrawalBank',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/withdrawal/banks',
    handler: 'functions/api/banks/create-bank.ts',
    summary: 'Add a withdrawal bank, with one deposit wallet per supported chain',
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: CreateBankBody },
    responses: {
      201: BankSchema,
      400: ErrorSchema,
      401: ErrorSchema,
      403: ErrorSchema,
      404: ErrorSchema,
      409: ErrorSchema,
    },
    examples: {
      responses: { ...customerNotFound, 409: { error: 'A withdrawal bank with these account details already exists' } },
    },
  }),
  listWithdrawalBanks: defineRoute({
    ...bankRoute,
    operationId: 'listWithdrawalBanks',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/withdrawal/banks',
    handler: 'functions/api/banks/list-banks.ts',
    summary: "List a customer's withdrawal banks, newest first",
    successStatus: 200,
    access: { table: 'read' },
    request: { params: CustomerIdParams, query: z.strictObject({ ...PaginationQuery }) },
    responses: { 200: z.array(BankSchema), 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
    examples: { responses: customerNotFound },
  }),
  getWithdrawalBank: defineRoute({
    ...bankRoute,
    operationId: 'getWithdrawalBank',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/withdrawal/banks/{bankId}',
    handler: 'functions/api/banks/get-bank.ts',
    summary: 'Get a withdrawal bank',
    successStatus: 200,
    access: { table: 'read' },
    request: { params: CustomerBankParams },
    responses: { 200: BankSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
    examples: { responses: { 404: { error: 'Withdrawal bank not found' } } },
  }),
  sandboxApproveWithdrawalBank: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxApproveWithdrawalBank',
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/withdrawal/banks/{bankId}/approve',
    handler: 'functions/api/sandbox/approve-bank.ts',
    summary: 'Sandbox: approve a PENDING withdrawal bank (it becomes ACTIVE, its deposit wallets enabled)',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerBankParams, body: NoBody },
    responses: { 200: BankSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
    examples: {
      responses: {
        404: { error: 'Withdrawal bank not found' },
        409: { error: 'Only a PENDING withdrawal bank can be approved; this one is ACTIVE' },
      },
    },
  }),
  sandboxRejectWithdrawalBank: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxRejectWithdrawalBank',
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/withdrawal/banks/{bankId}/reject',
    handler: 'functions/api/sandbox/reject-bank.ts',
    summary: 'Sandbox: reject a PENDING withdrawal bank, optionally with a reason',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerBankParams, body: SandboxRejectBankBody },
    responses: { 200: BankSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
    examples: {
      responses: {
        404: { error: 'Withdrawal bank not found' },
        409: { error: 'Only a PENDING withdrawal bank can be rejected; this one is ACTIVE' },
      },
    },
  }),

  // Events and webhooks: endpoint management and deliveries (any authenticated organization, no feature gate).
  createWebhookEndpoint: defineRoute({
    ...webhookRoute,
    operationId: 'createWebhookEndpoint',
    method: 'POST',
    path: '/api/v2/webhooks/endpoints',
    handler: 'functions/api/webhooks/create-endpoint.ts',
    summary: 'Create a webhook endpoint (the signing secret is shown only here and on rotation)',
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { body: CreateEndpointBody },
    responses: { 201: WebhookEndpointWithSecretSchema, 400: ErrorSchema, 401: ErrorSchema },
    examples: { responses: { 400: { error: 'url: Must not point to a private address' } } },
  }),
  listWebhookEndpoints: defineRoute({
    ...webhookRoute,
    operationId: 'listWebhookEndpoints',
    method: 'GET',
    path: '/api/v2/webhooks/endpoints',
    handler: 'functions/api/webhooks/list-endpoints.ts',
    summary: 'List webhook endpoints, newest first',
    successStatus: 200,
    access: { table: 'read' },
    request: { query: z.strictObject({ ...PaginationQuery }) },
    responses: { 200: z.array(WebhookEndpointSchema), 400: ErrorSchema, 401: ErrorSchema },
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
    responses: { 200: WebhookEndpointSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema },
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
    responses: { 200: WebhookEndpointSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
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
    responses: { 200: DeletedSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema },
    examples: { responses: endpointNotFound },
  }),
  rotateWebhookSecret: defineRoute({
    ...webhookRoute,
    operationId: 'rotateWebhookSecret',
    method: 'POST',
    path: '/api/v2/webhooks/endpoints/{endpointId}/rotate-secret',
    handler: 'functions/api/webhooks/rotate-secret.ts',
    summary: 'Rotate the signing secret (the old one keeps signing for 24 hours)',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: EndpointIdParams, body: NoBody },
    responses: {
      200: WebhookEndpointWithSecretSchema,
      400: ErrorSchema,
      401: ErrorSchema,
      404: ErrorSchema,
      409: ErrorSchema,
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
    successStatus: 202,
    access: { table: 'readwrite' },
    request: { params: EndpointIdParams, body: NoBody },
    responses: { 202: TestEventSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema },
    examples: { responses: endpointNotFound },
  }),
  listWebhookDeliveries: defineRoute({
    ...webhookRoute,
    operationId: 'listWebhookDeliveries',
    method: 'GET',
    path: '/api/v2/webhooks/endpoints/{endpointId}/deliveries',
    handler: 'functions/api/webhooks/list-deliveries.ts',
    summary: "List an endpoint's deliveries, newest first",
    successStatus: 200,
    access: { table: 'read' },
    request: { params: EndpointIdParams, query: z.strictObject({ ...PaginationQuery }) },
    responses: { 200: z.array(WebhookDeliverySchema), 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema },
    examples: { responses: endpointNotFound },
  }),
  retryWebhookDelivery: defineRoute({
    ...webhookRoute,
    operationId: 'retryWebhookDelivery',
    method: 'POST',
    path: '/api/v2/webhooks/deliveries/{deliveryId}/retry',
    handler: 'functions/api/webhooks/retry-delivery.ts',
    summary: 'Redeliver now (a failed or delivered delivery gets one attempt more)',
    successStatus: 202,
    access: { table: 'readwrite' },
    request: { params: DeliveryIdParams, body: NoBody },
    responses: { 202: WebhookDeliverySchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
    examples: {
      responses: {
        404: { error: 'Webhook delivery not found' },
        409: { error: 'Webhook delivery changed concurrently, please retry' },
      },
    },
  }),
} satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof routes;
export const routeList: readonly RouteDefinition[] = Object.values(routes);

/** Unknown paths answer this, locally and behind API Gateway's `$default` route. */
export const NOT_FOUND_HANDLER = 'functions/api/not-found.ts';
