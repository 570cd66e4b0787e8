import { BankSchema, CreateBankBody, CustomerBankParams, SandboxRejectBankBody } from '#shared/banks/schemas.ts';
import { consoleReadable, customerNotFound, customerRoute, NoBody, sandboxRoute } from '#shared/routing/presets.ts';
import { defineRoute, type RouteDefinition } from '#shared/routing/route.ts';
import { CustomerIdParams, ErrorBodySchema, PaginationQuery } from '#shared/routing/schemas.ts';
import * as z from '#shared/validation/zod.ts';

const bankRoute = { ...customerRoute, tag: 'Withdrawal banks' } as const;

/** The banks rows of the route table (assembled in `#shared/routes.ts`). */
export const routes = {
  // Withdrawal banks (issue 3): a customer's bank accounts, their deposit wallets, and the sandbox review.
  createWithdrawalBank: defineRoute({
    ...bankRoute,
    operationId: 'createWithdrawalBank',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/withdrawal/banks',
    handler: 'functions/api/banks/create-bank.ts',
    summary: 'Add a withdrawal bank, with one deposit wallet per supported chain',
    description: [
      'EUR banks take `iban` and `bic` (SEPA), USD banks `accountNumber` and `routingNumber` (Fedwire); the other',
      "currency's fields are refused by name. Checked in this order: the shape (400), the customer (404), its KYC",
      '(403 until approved), for `CUSTOMER` banks the name match, then duplicates (409: one bank per account and',
      "customer).\n\n**Name matching**: a `CUSTOMER` bank's `beneficiaryName` must match the KYC verified name",
      '(`verifiedName`). Case, accents, repeated spaces, punctuation and word order are ignored (`Doe, Jane` =',
      '`Jane Doe`, `Müller` = `Mueller`); an initial may stand for a word (`J. Doe` = `Jane Doe`) if one full word',
      'matches; every word must be accounted for (a left-out middle name is a mismatch: 400',
      "`beneficiaryName: Beneficiary name does not match the customer's verified name`). Corporates may drop one",
      'legal form (GmbH, Ltd, Inc, ...).\n\n`CUSTOMER` banks are `ACTIVE` at once; `OTHER_INDIVIDUAL` and `OTHER_BUSINESS`',
      'banks are `PENDING` until reviewed. The bank gets one USDC deposit wallet per supported chain: USDC sent there',
      'is paid out to the bank (enabled while the bank is `ACTIVE`).',
    ].join(' '),
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: CreateBankBody },
    responses: {
      201: BankSchema,
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      403: ErrorBodySchema,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
    examples: {
      responses: { ...customerNotFound, 409: { error: 'A withdrawal bank with these account details already exists' } },
    },
  }),
  listWithdrawalBanks: defineRoute({
    ...bankRoute,
    ...consoleReadable,
    operationId: 'listWithdrawalBanks',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/withdrawal/banks',
    handler: 'functions/api/banks/list-banks.ts',
    summary: "List a customer's withdrawal banks, newest first",
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { params: CustomerIdParams, query: z.strictObject({ ...PaginationQuery }) },
    responses: {
      200: z.array(BankSchema),
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      403: ErrorBodySchema,
      404: ErrorBodySchema,
    },
    examples: { responses: customerNotFound },
  }),
  getWithdrawalBank: defineRoute({
    ...bankRoute,
    ...consoleReadable,
    operationId: 'getWithdrawalBank',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/withdrawal/banks/{bankId}',
    handler: 'functions/api/banks/get-bank.ts',
    summary: 'Get a withdrawal bank',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { params: CustomerBankParams },
    responses: {
      200: BankSchema,
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      403: ErrorBodySchema,
      404: ErrorBodySchema,
    },
    examples: { responses: { 404: { error: 'Withdrawal bank not found' } } },
  }),
  sandboxApproveWithdrawalBank: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxApproveWithdrawalBank',
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/withdrawal/banks/{bankId}/approve',
    handler: 'functions/api/banks/approve-bank.ts',
    summary: 'Sandbox: approve a PENDING withdrawal bank (it becomes ACTIVE, its deposit wallets enabled)',
    description: 'Stands in for the review of third-party banks; only a `PENDING` bank (409 otherwise).',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerBankParams, body: NoBody },
    responses: {
      200: BankSchema,
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
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
    handler: 'functions/api/banks/reject-bank.ts',
    summary: 'Sandbox: reject a PENDING withdrawal bank, optionally with a reason',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerBankParams, body: SandboxRejectBankBody },
    responses: {
      200: BankSchema,
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
    examples: {
      responses: {
        404: { error: 'Withdrawal bank not found' },
        409: { error: 'Only a PENDING withdrawal bank can be rejected; this one is ACTIVE' },
      },
    },
  }),
} satisfies Record<string, RouteDefinition>;
