import { BANK_EXISTS, BANK_NOT_FOUND, BANK_NOT_PENDING } from '#shared/banks/bank-rules.ts';
import { BankSchema } from '#shared/banks/bank-view.ts';
import { PAYEE_UNCONFIRMED } from '#shared/banks/payee-rules.ts';
import { PRENOTE_NOT_ACH, PRENOTE_OUTSTANDING } from '#shared/banks/prenote-rules.ts';
import { CreateBankBody, CustomerBankParams, SandboxRejectBankBody } from '#shared/banks/schemas.ts';
import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { consoleReadable, customerRoute, NoBody, sandboxRoute } from '#shared/routing/presets.ts';
import { defineRoute, OPENAPI_PROSE, type RouteDefinition } from '#shared/routing/route.ts';
import { CustomerIdParams, PaginationQuery } from '#shared/routing/schemas.ts';
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
    description:
      OPENAPI_PROSE &&
      [
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
        "\n\n**Verification of Payee** (EUR banks): the payee's bank is asked whether `beneficiaryName` holds the IBAN;",
        'the answer is `payeeVerification`. `CLOSE_MATCH` (with the name the bank holds) and `NO_MATCH` keep the bank',
        '`PENDING` until a member confirms or rejects it in the console; withdrawals to it are refused meanwhile (409).',
        'Sandbox: a name containing "Close Match", "No Match" or "Unavailable" gives that answer, any other `MATCH`;',
        'USD banks are `NOT_APPLICABLE`.',
      ].join(' '),
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: CreateBankBody },
    responses: { 201: BankSchema },
    refusals: [CUSTOMER_NOT_FOUND, BANK_EXISTS],
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
  // ACH prenote (issue 26): a zero-dollar entry that checks a USD account before credits.
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
