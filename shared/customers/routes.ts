import {
  CUSTOMER_CHANGED_CONCURRENTLY,
  CUSTOMER_DISABLED,
  CUSTOMER_NOT_FOUND,
  KYC_REQUIRED_FOR_ADDRESS,
} from '#shared/customers/customer-rules.ts';
import { MAX_DOCUMENT_FORM_BYTES, VERIFICATION_IN_PROGRESS } from '#shared/customers/kyc-documents.ts';
import {
  IN_REVIEW,
  KYC_ALREADY_APPROVED,
  KYC_ALREADY_REJECTED,
  KYC_FOR_INDIVIDUALS_ONLY,
  KYC_PROVIDER_UNAVAILABLE,
  KYC_REJECTED_FOR_GOOD,
  KYC_STATUS_CHANGED,
  NOT_INITIATED,
} from '#shared/customers/kyc-rules.ts';
import { toKyc } from '#shared/customers/kyc-view.ts';
import { AddressSchema } from '#shared/customers/records.ts';
import {
  CreateCustomerBody,
  CustomerSchema,
  DisableCustomerBody,
  DocumentFormFields,
  DocumentUploadedSchema,
  KycLinkSchema,
  KycSubmittedSchema,
  ListCustomersQuery,
  SandboxKycApproveBody,
  SandboxKycLevelBody,
  UpdateCustomerBody,
} from '#shared/customers/schemas.ts';
import { MULTIPART_REQUIRED, parseMultipart } from '#shared/routing/multipart.ts';
import { consoleReadable, customerRoute, NoBody, sandboxRoute } from '#shared/routing/presets.ts';
import { defineRoute, OPENAPI_PROSE, type RouteDefinition } from '#shared/routing/route.ts';
import { CustomerIdParams } from '#shared/routing/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/** What the routes that change a customer's own fields share: 200 with the customer, and its refusals. */
const customerChange = {
  successStatus: 200,
  access: { table: 'readwrite' },
  responses: { 200: CustomerSchema },
  refusals: [CUSTOMER_NOT_FOUND, CUSTOMER_CHANGED_CONCURRENTLY],
} as const;

/** The customers rows of the route table (assembled in `#shared/routes.ts`). */
export const routes = {
  createCustomer: defineRoute({
    ...customerRoute,
    operationId: 'createCustomer',
    method: 'POST',
    path: '/api/v2/customers',
    handler: 'functions/api/customers/create-customer.ts',
    summary: 'Create a customer',
    description:
      OPENAPI_PROSE &&
      'The customer starts with `kycStatus: NOT_STARTED`. Next comes KYC: `POST /customers/{customerId}/kyc` gives ' +
        'the hosted verification link (in the sandbox, `POST /sandbox/customers/{customerId}/kyc/approve` decides at ' +
        'once). KYC records the verified name; every withdrawal bank of the customer must be in that name.',
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { body: CreateCustomerBody },
    responses: { 201: CustomerSchema },
  }),
  listCustomers: defineRoute({
    ...customerRoute,
    ...consoleReadable,
    operationId: 'listCustomers',
    method: 'GET',
    path: '/api/v2/customers',
    handler: 'functions/api/customers/list-customers.ts',
    summary: 'List customers, newest first (search: name or e-mail, any letter case)',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { query: ListCustomersQuery },
    responses: { 200: z.array(CustomerSchema) },
  }),
  getCustomer: defineRoute({
    ...customerRoute,
    ...consoleReadable,
    operationId: 'getCustomer',
    method: 'GET',
    path: '/api/v2/customers/{customerId}',
    handler: 'functions/api/customers/get-customer.ts',
    summary: 'Get a customer',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { params: CustomerIdParams },
    responses: { 200: CustomerSchema },
    refusals: [CUSTOMER_NOT_FOUND],
  }),
  updateCustomer: defineRoute({
    ...customerRoute,
    operationId: 'updateCustomer',
    method: 'PATCH',
    path: '/api/v2/customers/{customerId}',
    handler: 'functions/api/customers/update-customer.ts',
    summary: "Change a customer's name, e-mail or expected monthly volume",
    description:
      OPENAPI_PROSE &&
      'Any of the three fields; what really changes is stored and `customer.updated {customerId, changedFields}` ' +
        'is sent (nothing is sent when every value is the current one). The KYC-verified name does not change: ' +
        "withdrawal banks keep matching it. Not on Compose's public pages; its `customer.updated` event names these " +
        'fields.',
    ...customerChange,
    request: { params: CustomerIdParams, body: UpdateCustomerBody },
  }),
  disableCustomer: defineRoute({
    ...customerRoute,
    operationId: 'disableCustomer',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/disable',
    handler: 'functions/api/customers/disable-customer.ts',
    summary: 'Disable a customer: no new banks, deposit details, virtual accounts or withdrawals',
    description:
      OPENAPI_PROSE &&
      `From now on those operations answer 403 \`${CUSTOMER_DISABLED.message}\`; reads go on, withdrawals already under way ` +
        'finish, and USDC arriving at the customer’s deposit addresses is still credited (never forwarded). Sends ' +
        '`customer.disabled` (with `reason` when given); disabling a disabled customer changes nothing.',
    ...customerChange,
    request: { params: CustomerIdParams, body: DisableCustomerBody },
  }),
  enableCustomer: defineRoute({
    ...customerRoute,
    operationId: 'enableCustomer',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/enable',
    handler: 'functions/api/customers/enable-customer.ts',
    summary: 'Enable a disabled customer again',
    description: OPENAPI_PROSE && 'Sends `customer.enabled`; enabling an enabled customer changes nothing.',
    ...customerChange,
    request: { params: CustomerIdParams, body: NoBody },
  }),
  initiateKyc: defineRoute({
    ...customerRoute,
    operationId: 'initiateKyc',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/kyc',
    handler: 'functions/api/customers/initiate-kyc.ts',
    summary: 'Start KYC and get the hosted verification link',
    description:
      OPENAPI_PROSE &&
      'Moves `NOT_STARTED` or `REJECTED` to `PENDING` and returns the link to send the customer to; an approved ' +
        'customer gets `{kycVerified: true, kycFlowLink: null}`, one rejected for good a 409. A live organization ' +
        "with a KYC provider gets the provider's hosted flow (Sumsub's WebSDK link; corporates verify their company " +
        "there, KYB); the provider's verdict arrives by its webhook. Otherwise individuals only (a corporate is a 400).",
    successStatus: 200,
    access: { table: 'readwrite', kycProvider: true },
    request: { params: CustomerIdParams, body: NoBody },
    responses: { 200: KycLinkSchema },
    refusals: [
      CUSTOMER_NOT_FOUND,
      KYC_FOR_INDIVIDUALS_ONLY,
      KYC_STATUS_CHANGED,
      KYC_REJECTED_FOR_GOOD,
      KYC_PROVIDER_UNAVAILABLE,
    ],
  }),
  submitKyc: defineRoute({
    ...customerRoute,
    operationId: 'submitKyc',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/kyc/submit',
    handler: 'functions/api/customers/submit-kyc.ts',
    summary: 'Submit KYC for review (the fallback when the hosted flow did not submit)',
    description:
      OPENAPI_PROSE &&
      'Allowed after `POST /customers/{customerId}/kyc` (400 before) or after a rejection, to try again; never ' +
        'while a review is under way or once approved (409), and at most 4 times (409). The customer becomes ' +
        '`PENDING` in review (`kyc.stepsStatus: pending`, `kyc.attempts` counted) and `customer.kyc.submitted` is ' +
        'sent with `attempt`; the verdict comes as `customer.kyc.approved` or `customer.kyc.rejected` (sandbox: ' +
        '`POST /sandbox/customers/{customerId}/kyc/approve` or `/reject`).',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: NoBody },
    responses: { 200: KycSubmittedSchema },
    refusals: [CUSTOMER_NOT_FOUND, NOT_INITIATED, IN_REVIEW, KYC_REJECTED_FOR_GOOD],
  }),
  uploadCustomerDocument: defineRoute({
    ...customerRoute,
    operationId: 'uploadCustomerDocument',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/documents',
    handler: 'functions/api/customers/upload-document.ts',
    summary: 'Upload a KYC document (multipart/form-data)',
    description:
      OPENAPI_PROSE &&
      'A `multipart/form-data` body with the file in `file` (JPEG, PNG or PDF, recognized by its content whatever ' +
        'its name or declared type; at most 10 MB: 413 beyond), `idDocType`, `idDocSubType` (the side, for ID_CARD ' +
        'and DRIVERS) and `country`. Allowed after `POST /customers/{customerId}/kyc` (400 before), never while a ' +
        'review is under way (409 `Verification already in progress for this customer`) or once approved (409). The ' +
        "file is stored encrypted and private; the customer's `kyc.steps` show it (`uploaded`). The upload that " +
        'completes the steps (an identity document, both sides of a two-sided one, and a proof of address) submits ' +
        'the KYC for review as `POST .../kyc/submit` does: `reviewTriggered: true`, `customer.kyc.submitted`. In AWS ' +
        "a Lambda function receives at most 6 MB per request, so a deployment's largest file is about 4 MB.",
    successStatus: 200,
    access: { table: 'readwrite', documents: 'upload' },
    request: {
      params: CustomerIdParams,
      form: {
        fields: DocumentFormFields,
        file: 'file',
        fileDescription: 'The document: JPEG, PNG or PDF, at most 10 MB',
        maxBytes: MAX_DOCUMENT_FORM_BYTES,
        parse: parseMultipart,
      },
    },
    responses: { 200: DocumentUploadedSchema },
    refusals: [CUSTOMER_NOT_FOUND, VERIFICATION_IN_PROGRESS, MULTIPART_REQUIRED],
    examples: {
      responses: {
        400: { error: 'file: Must be a JPEG, PNG or PDF file (recognized by its content)' },
        413: { error: 'file exceeds 10 MB' },
      },
    },
  }),
  getKycAddress: defineRoute({
    ...customerRoute,
    ...consoleReadable,
    operationId: 'getKycAddress',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/kyc/address',
    handler: 'functions/api/customers/get-kyc-address.ts',
    summary: "Get the customer's verified address",
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { params: CustomerIdParams },
    responses: { 200: AddressSchema },
    refusals: [CUSTOMER_NOT_FOUND, KYC_REQUIRED_FOR_ADDRESS],
  }),
  sandboxChangeKycLevel: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxChangeKycLevel',
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/kyc/level',
    handler: 'functions/api/customers/change-kyc-level.ts',
    summary: 'Sandbox: the KYC provider moves the customer to another level',
    description:
      OPENAPI_PROSE &&
      'Stands in for the provider: `kyc.levelName` becomes `levelName` and `customer.kyc.level_changed` is sent ' +
        'with `previous_level` and `new_level`; the level the customer is at changes nothing.',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: SandboxKycLevelBody },
    responses: { 200: CustomerSchema },
    refusals: [CUSTOMER_NOT_FOUND, CUSTOMER_CHANGED_CONCURRENTLY],
  }),
  sandboxApproveKyc: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxApproveKyc',
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/kyc/approve',
    handler: 'functions/api/customers/approve-kyc.ts',
    summary: 'Sandbox: approve KYC with a verified name and address',
    description:
      OPENAPI_PROSE &&
      'Stands in for the KYC provider: the customer becomes `APPROVED` with `verifiedName` (default: its `name`) and ' +
        'the address (default: the one on file, else a sample address). Send the name the withdrawal banks will ' +
        'carry: a `CUSTOMER` bank whose `beneficiaryName` does not match it is refused with a 400. Works from any ' +
        'status but `APPROVED` (409); sends `customer.kyc.approved`.',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: SandboxKycApproveBody },
    responses: { 200: CustomerSchema },
    examples: {
      responses: {
        200: {
          customerId: '3b241101-e2bb-4255-8caf-4136c566a962',
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          accountType: 'individual',
          expectedMonthlyVolume: 2500,
          kycVerified: true,
          kyc: toKyc({ kycStatus: 'APPROVED' }),
          kycStatus: 'APPROVED',
          verifiedName: 'Ada Lovelace',
          address: { addressLine1: 'Friedrichstraße 123', city: 'Berlin', country: 'DE', postalCode: '10117' },
          enabled: true,
          createdAt: '2026-11-21T10:00:00.000Z',
        },
      },
    },
    refusals: [CUSTOMER_NOT_FOUND, KYC_ALREADY_APPROVED],
  }),
  sandboxRejectKyc: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxRejectKyc',
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/kyc/reject',
    handler: 'functions/api/customers/reject-kyc.ts',
    summary: 'Sandbox: reject KYC',
    description:
      OPENAPI_PROSE && 'Works from `NOT_STARTED` or `PENDING` (409 otherwise); sends `customer.kyc.rejected`.',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: NoBody },
    responses: { 200: CustomerSchema },
    refusals: [CUSTOMER_NOT_FOUND, KYC_ALREADY_REJECTED],
  }),
} satisfies Record<string, RouteDefinition>;
