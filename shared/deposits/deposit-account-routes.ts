import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import {
  CreateVirtualAccountBody,
  CustomerVirtualAccountParams,
  DepositDetailsQuery,
  DepositDetailsSchema,
  GetVirtualAccountQuery,
  RAIL_REQUIRED,
  SandboxCreditBody,
  SandboxRejectVirtualAccountBody,
} from '#shared/deposits/schemas.ts';
import {
  VIRTUAL_ACCOUNT_EXISTS,
  VIRTUAL_ACCOUNT_NOT_FOUND,
  VIRTUAL_ACCOUNT_NOT_PENDING,
} from '#shared/deposits/virtual-account-rules.ts';
import { VirtualAccountSchema } from '#shared/deposits/virtual-account-view.ts';
import { consoleReadable, NoBody, sandboxRoute, walletRoute } from '#shared/routing/presets.ts';
import { defineRoute, OPENAPI_PROSE, type RouteDefinition } from '#shared/routing/route.ts';
import { CustomerIdParams, PaginationQuery } from '#shared/routing/schemas.ts';
import { TransactionResponseSchema } from '#shared/transactions/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * Money arriving by bank transfer: the platform's deposit details, the customers' virtual accounts, and the sandbox's
 * credit standing in for a transfer. Spread into the deposits' rows (`routes.ts`).
 */

export const depositAccountRoutes = {
  getDepositDetails: defineRoute({
    ...walletRoute,
    ...consoleReadable,
    operationId: 'getDepositDetails',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/deposit',
    handler: 'functions/api/deposits/get-deposit-details.ts',
    summary: "Bank details for fiat deposits to the customer's USDC balance",
    description:
      OPENAPI_PROSE &&
      "The payer must quote `reference` exactly and pay from the customer's own account. Fields the rail does not use " +
        'are `null`. With an ACTIVE USD virtual account, `usd` + `SWIFT` answers its dedicated IBAN. Needs approved KYC (403).',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { params: CustomerIdParams, query: DepositDetailsQuery },
    responses: { 200: DepositDetailsSchema },
    refusals: [CUSTOMER_NOT_FOUND, RAIL_REQUIRED],
  }),
  createVirtualAccount: defineRoute({
    ...walletRoute,
    operationId: 'createVirtualAccount',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/virtual-account',
    handler: 'functions/api/deposits/request-virtual-account.ts',
    summary: 'Request a dedicated USD or EUR virtual account (PENDING until opened)',
    description:
      OPENAPI_PROSE &&
      "One per currency and customer (409). Needs approved KYC (403). Answers Compose's shape: `virtualAccountId`, " +
        '`status` (`PENDING`, then `APPROVED`), `message` and the nested `virtualAccount` (null until opened); ' +
        '`virtual_account.created` and later `virtual_account.approved` (or `virtual_account.rejected`, after which ' +
        'the customer may request a new account of that currency) are sent. In the sandbox, ' +
        '`POST /sandbox/customers/{customerId}/virtual-accounts/{virtualAccountId}/approve` opens it and `/reject` ' +
        'refuses it.',
    successStatus: 202,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: CreateVirtualAccountBody },
    responses: { 202: VirtualAccountSchema },
    refusals: [CUSTOMER_NOT_FOUND, VIRTUAL_ACCOUNT_EXISTS],
  }),
  getVirtualAccount: defineRoute({
    ...walletRoute,
    ...consoleReadable,
    operationId: 'getVirtualAccount',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/virtual-account',
    handler: 'functions/api/deposits/get-virtual-account.ts',
    summary: "Get a customer's virtual account by `virtualAccountId`",
    description:
      OPENAPI_PROSE &&
      "Compose's poll for the IBAN: `status` becomes `APPROVED` and `virtualAccount` carries the details, with " +
        '`addressDetails` from what KYC held. Without `virtualAccountId`: 400, as on Compose (list them with ' +
        '`GET .../virtual-accounts`).',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { params: CustomerIdParams, query: GetVirtualAccountQuery },
    responses: { 200: VirtualAccountSchema },
    refusals: [VIRTUAL_ACCOUNT_NOT_FOUND],
  }),
  listVirtualAccounts: defineRoute({
    ...walletRoute,
    ...consoleReadable,
    operationId: 'listVirtualAccounts',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/virtual-accounts',
    handler: 'functions/api/deposits/list-virtual-accounts.ts',
    summary: "List a customer's virtual accounts, newest first",
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { params: CustomerIdParams, query: z.strictObject({ ...PaginationQuery }) },
    responses: { 200: z.array(VirtualAccountSchema) },
    refusals: [CUSTOMER_NOT_FOUND],
  }),
  sandboxApproveVirtualAccount: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxApproveVirtualAccount',
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/virtual-accounts/{virtualAccountId}/approve',
    handler: 'functions/api/deposits/approve-virtual-account.ts',
    summary: 'Sandbox: open a PENDING virtual account (ACTIVE, with its dedicated IBAN)',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerVirtualAccountParams, body: NoBody },
    responses: { 200: VirtualAccountSchema },
    refusals: [CUSTOMER_NOT_FOUND, VIRTUAL_ACCOUNT_NOT_FOUND, VIRTUAL_ACCOUNT_NOT_PENDING],
  }),
  sandboxRejectVirtualAccount: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxRejectVirtualAccount',
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/virtual-accounts/{virtualAccountId}/reject',
    handler: 'functions/api/deposits/reject-virtual-account.ts',
    summary: 'Sandbox: refuse a PENDING virtual account (REJECTED), optionally with a reason',
    description:
      OPENAPI_PROSE &&
      'As the provider would: the account becomes `REJECTED` for good (with `rejectionReason`), ' +
        '`virtual_account.rejected` is sent, and the customer may request a new account of that currency.',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerVirtualAccountParams, body: SandboxRejectVirtualAccountBody },
    responses: { 200: VirtualAccountSchema },
    refusals: [
      CUSTOMER_NOT_FOUND,
      VIRTUAL_ACCOUNT_NOT_FOUND,
      VIRTUAL_ACCOUNT_NOT_PENDING.withExample('rejected', 'ACTIVE'),
    ],
  }),
} satisfies Record<string, RouteDefinition>;

export const balanceCreditRoutes = {
  sandboxCreditBalance: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxCreditBalance',
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/balance',
    handler: 'functions/api/deposits/credit-balance.ts',
    summary: "Sandbox: credit USDC to the customer's balance (a completed DEPOSIT)",
    description:
      OPENAPI_PROSE &&
      'Stands in for money arriving: the amount (a decimal string) is added to the available balance at once, ' +
        'recorded as a `COMPLETED` `DEPOSIT`, and `deposit.created` is sent.',
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: SandboxCreditBody },
    responses: { 201: TransactionResponseSchema },
    refusals: [CUSTOMER_NOT_FOUND],
  }),
} satisfies Record<string, RouteDefinition>;
