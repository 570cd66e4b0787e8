import { BANK_NOT_FOUND, BANK_NOT_PENDING } from '#shared/banks/bank-rules.ts';
import { BankSchema } from '#shared/banks/bank-view.ts';
import { PAYEE_UNCONFIRMED } from '#shared/banks/payee-rules.ts';
import { PRENOTE_NOT_ACH, PRENOTE_OUTSTANDING } from '#shared/banks/prenote-rules.ts';
import { CustomerBankParams, SandboxRejectBankBody } from '#shared/banks/registered-bank-schemas.ts';
import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { consoleReadable, customerRoute, NoBody, sandboxRoute } from '#shared/routing/presets.ts';
import { defineRoute, OPENAPI_PROSE, type RouteDefinition } from '#shared/routing/route.ts';
import { CustomerIdParams, PaginationQuery } from '#shared/routing/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * A withdrawal bank once added: listed, read, prenoted, and approved or rejected in the sandbox. Spread into the
 * banks' rows (`routes.ts`).
 */
const bankRoute = { ...customerRoute, tag: 'Withdrawal banks' } as const;

export const registeredBankRoutes = {
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
    responses: { 200: z.array(BankSchema) },
    refusals: [CUSTOMER_NOT_FOUND],
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
    responses: { 200: BankSchema },
    refusals: [CUSTOMER_NOT_FOUND, BANK_NOT_FOUND],
  }),
  // ACH prenote: a zero-dollar entry that checks a USD account before credits.
  requestWithdrawalBankPrenote: defineRoute({
    ...bankRoute,
    operationId: 'requestWithdrawalBankPrenote',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/withdrawal/banks/{bankId}/prenote',
    handler: 'functions/api/banks/request-prenote.ts',
    summary: 'Send an ACH prenote to a USD bank: a zero-dollar entry its bank returns if the account is wrong',
    description:
      OPENAPI_PROSE &&
      [
        "For organizations whose USD payout account pays by ACH: the bank's `prenote` becomes `REQUESTED` and goes",
        'out in the next NACHA file (transaction code 23, amount 0); `SENT`, then `CONFIRMED` when no return arrives',
        'within `ACH_PRENOTE_WAIT_DAYS` banking days (3, as NACHA), or `FAILED` with the return code (R03, R04, ...).',
        'Withdrawals are not held meanwhile. 409 for EUR, SWIFT or non-ACH organizations, and while one is outstanding.',
      ].join(' '),
    successStatus: 202,
    access: { table: 'readwrite' },
    request: { params: CustomerBankParams, body: NoBody },
    responses: { 202: BankSchema },
    refusals: [CUSTOMER_NOT_FOUND, BANK_NOT_FOUND, PRENOTE_NOT_ACH, PRENOTE_OUTSTANDING],
  }),
  sandboxApproveWithdrawalBank: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxApproveWithdrawalBank',
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/withdrawal/banks/{bankId}/approve',
    handler: 'functions/api/banks/approve-bank.ts',
    summary: 'Sandbox: approve a PENDING withdrawal bank (it becomes ACTIVE, its deposit wallets enabled)',
    description:
      OPENAPI_PROSE && 'Stands in for the review of third-party banks; only a `PENDING` bank (409 otherwise).',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerBankParams, body: NoBody },
    responses: { 200: BankSchema },
    refusals: [CUSTOMER_NOT_FOUND, BANK_NOT_FOUND, BANK_NOT_PENDING, PAYEE_UNCONFIRMED],
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
    responses: { 200: BankSchema },
    refusals: [
      CUSTOMER_NOT_FOUND,
      BANK_NOT_FOUND,
      BANK_NOT_PENDING.withExample('rejected', 'ACTIVE'),
      PAYEE_UNCONFIRMED,
    ],
  }),
} satisfies Record<string, RouteDefinition>;
