import { BANK_NOT_FOUND, BANK_NOT_PENDING } from '#shared/banks/bank-rules.ts';
import { BankSchema } from '#shared/banks/bank-view.ts';
import { PAYEE_UNCONFIRMED } from '#shared/banks/payee-rules.ts';
import { PRENOTE_NOT_ACH, PRENOTE_OUTSTANDING } from '#shared/banks/prenote-rules.ts';
import { CustomerBankParams, SandboxRejectBankBody } from '#shared/banks/registered-bank-schemas.ts';
import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { consoleReadable, customerRoute, NoBody, sandboxRoute } from '#shared/routing/presets.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import { CustomerIdParams, PaginationQuery } from '#shared/routing/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * A withdrawal bank once added: listed, read, prenoted, and approved or rejected in the sandbox. Spread into the
 * banks' rows (`routes.ts`).
 */
const bankRoute = { ...customerRoute, tag: 'Withdrawal banks' } as const;

export const registeredBankRoutes = defineRoutes('banks', {
  listWithdrawalBanks: {
    ...bankRoute,
    ...consoleReadable,
    method: 'GET',
    path: '/api/v2/customers/{customerId}/withdrawal/banks',
    handler: 'functions/api/banks/list-banks.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { params: CustomerIdParams, query: z.strictObject({ ...PaginationQuery }) },
    responses: { 200: z.array(BankSchema) },
    refusals: [CUSTOMER_NOT_FOUND],
  },
  getWithdrawalBank: {
    ...bankRoute,
    ...consoleReadable,
    method: 'GET',
    path: '/api/v2/customers/{customerId}/withdrawal/banks/{bankId}',
    handler: 'functions/api/banks/get-bank.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { params: CustomerBankParams },
    responses: { 200: BankSchema },
    refusals: [CUSTOMER_NOT_FOUND, BANK_NOT_FOUND],
  },
  // ACH prenote: a zero-dollar entry that checks a USD account before credits.
  requestWithdrawalBankPrenote: {
    ...bankRoute,
    method: 'POST',
    path: '/api/v2/customers/{customerId}/withdrawal/banks/{bankId}/prenote',
    handler: 'functions/api/banks/request-prenote.ts',
    successStatus: 202,
    access: { table: 'readwrite' },
    request: { params: CustomerBankParams, body: NoBody },
    responses: { 202: BankSchema },
    refusals: [CUSTOMER_NOT_FOUND, BANK_NOT_FOUND, PRENOTE_NOT_ACH, PRENOTE_OUTSTANDING],
  },
  sandboxApproveWithdrawalBank: {
    ...sandboxRoute,
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/withdrawal/banks/{bankId}/approve',
    handler: 'functions/api/banks/approve-bank.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerBankParams, body: NoBody },
    responses: { 200: BankSchema },
    refusals: [CUSTOMER_NOT_FOUND, BANK_NOT_FOUND, BANK_NOT_PENDING, PAYEE_UNCONFIRMED],
  },
  sandboxRejectWithdrawalBank: {
    ...sandboxRoute,
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/withdrawal/banks/{bankId}/reject',
    handler: 'functions/api/banks/reject-bank.ts',
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
  },
});
