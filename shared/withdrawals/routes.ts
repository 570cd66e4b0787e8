import { consoleReadable, customerNotFound, customerRoute, NoBody, sandboxRoute } from '#shared/routing/presets.ts';
import { defineRoute, type RouteDefinition } from '#shared/routing/route.ts';
import { CustomerIdParams, ErrorBodySchema } from '#shared/routing/schemas.ts';
import * as z from '#shared/validation/zod.ts';
import { UNSUPPORTED_PAIR } from '#shared/withdrawals/get-rate.ts';
import { IllegalTransitionError } from '#shared/withdrawals/lifecycle.ts';
import { GetRateQuery, RateSchema } from '#shared/withdrawals/rate-schemas.ts';
import {
  SandboxAllowanceBody,
  SandboxApproveBody,
  SandboxCreditBody,
  SandboxExchangeRatesBody,
  SandboxExchangeRatesSchema,
  SandboxFailBody,
  SandboxFaultsBody,
  SandboxFaultsSchema,
  SandboxRejectBody,
} from '#shared/withdrawals/sandbox-schemas.ts';
import {
  AllowanceSchema,
  BalanceSchema,
  CreateWithdrawalBody,
  ListTransactionsQuery,
  SandboxTransactionParams,
  TransactionLookupParams,
  TransactionParams,
  TransactionResponseSchema,
} from '#shared/withdrawals/schemas.ts';

/** `POST /sandbox/transactions/{transactionId}/<action>`: the sandbox's stand-ins for approvers and the payout rail. */
const sandboxTransactionRoute = <
  const O extends string,
  const A extends 'approve' | 'reject' | 'complete' | 'fail' | 'expire',
  const B extends z.ZodMiniType,
>(
  operationId: O,
  action: A,
  summary: string,
  body: B,
) =>
  defineRoute({
    ...sandboxRoute,
    operationId,
    method: 'POST',
    path: `/api/v2/sandbox/transactions/{transactionId}/${action}`,
    handler: `functions/api/withdrawals/${action}-transaction.ts`,
    summary,
    successStatus: 200,
    // complete and fail write the bank's report into the bank channel inbox and apply it, as the bank would.
    access:
      action === 'complete' || action === 'fail'
        ? { table: 'readwrite', bankChannel: 'reports' }
        : { table: 'readwrite' },
    request: { params: SandboxTransactionParams, body },
    responses: {
      200: TransactionResponseSchema,
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
    examples: {
      responses: {
        404: { error: 'Transaction not found' },
        409: { error: new IllegalTransitionError('COMPLETED', action).message },
      },
    },
  });

/** The withdrawals rows of the route table (assembled in `#shared/routes.ts`). */
export const routes = {
  // Withdrawals, transactions and the ledger (issue 4).
  createWithdrawal: defineRoute({
    ...customerRoute,
    features: ['customers', 'apiWithdrawals'],
    tag: 'Withdrawals',
    operationId: 'createWithdrawal',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/withdrawal',
    handler: 'functions/api/withdrawals/create-withdrawal.ts',
    summary: 'Create a withdrawal to an active bank of the customer (idempotent)',
    description: [
      '**Amounts** are decimal strings, never JSON numbers: exactly one of `sourceAmount` (USDC taken from the',
      'balance, up to 6 places) or `targetAmount` (what the bank receives in its currency, up to 2 places). The fee',
      'is `max(minFee, source × feeBps / 10000)` rounded up to 6 places; the payout is `(source − fee) × rate`',
      'rounded down to 2 places; for a `targetAmount` the smallest source that delivers it is charged.\n\n',
      '**Idempotency**: send `idempotencyKey` (or the `Idempotency-Key` header) and retry freely: the same key and',
      'parameters answer 201 with the transaction as it is now and `Idempotent-Replayed: true`, writing nothing;',
      'the same key with other parameters is a 422.\n\n**Outcome**: when the API allowance and the available',
      'balance both cover it, the withdrawal is `PROCESSING` at once (both reserved); otherwise it is `PROPOSED`',
      '(`requiresUiAction: true`) and waits for signatures. The customer needs approved KYC (403) and the bank',
      'must be `ACTIVE` (400).\n\n**Sandbox**: a `PROCESSING` payout settles by itself a few seconds later',
      '(`COMPLETED`, 3 s by default, `SANDBOX_SETTLE_AFTER_S`), or at once with',
      '`POST /sandbox/transactions/{transactionId}/complete` (`/fail` to fail it). Each status change sends',
      '`withdrawal.status_changed`.',
    ].join(' '),
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: CreateWithdrawalBody },
    responses: {
      201: TransactionResponseSchema,
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      403: ErrorBodySchema,
      404: ErrorBodySchema,
      422: ErrorBodySchema,
      503: ErrorBodySchema,
    },
    examples: {
      responses: {
        400: { error: 'Provide either sourceAmount or targetAmount' },
        403: { error: 'Customer KYC verification must be completed' },
        404: { error: 'Withdrawal bank not found' },
        422: { error: 'idempotencyKey: Key was already used with different parameters' },
        503: { error: 'Failed to execute withdrawal; retry with the same idempotency key' },
      },
    },
  }),
  listTransactions: defineRoute({
    ...customerRoute,
    ...consoleReadable,
    tag: 'Withdrawals',
    operationId: 'listTransactions',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/transactions',
    handler: 'functions/api/withdrawals/list-transactions.ts',
    summary: "List a customer's transactions, newest first (filters: type, status)",
    description: 'Withdrawals and deposits; amounts are decimal strings. Filters take any letter case.',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { params: CustomerIdParams, query: ListTransactionsQuery },
    responses: {
      200: z.array(TransactionResponseSchema),
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      403: ErrorBodySchema,
      404: ErrorBodySchema,
    },
    examples: { responses: customerNotFound },
  }),
  getTransaction: defineRoute({
    ...customerRoute,
    ...consoleReadable,
    tag: 'Withdrawals',
    operationId: 'getTransaction',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/transactions/{transactionId}',
    handler: 'functions/api/withdrawals/get-transaction.ts',
    summary: 'Get a transaction',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { params: TransactionLookupParams },
    responses: {
      200: TransactionResponseSchema,
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      403: ErrorBodySchema,
      404: ErrorBodySchema,
    },
    examples: { responses: { 404: { error: 'Transaction not found' } } },
  }),
  cancelTransaction: defineRoute({
    ...customerRoute,
    tag: 'Withdrawals',
    operationId: 'cancelTransaction',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/transactions/{transactionId}/cancel',
    handler: 'functions/api/withdrawals/cancel-transaction.ts',
    summary: 'Cancel a withdrawal that awaits signatures',
    description: 'Only while `PROPOSED` or `PARTIALLY_SIGNED` (409 otherwise); nothing was reserved, so nothing moves.',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: TransactionParams, body: NoBody },
    responses: {
      200: TransactionResponseSchema,
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      403: ErrorBodySchema,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
    examples: {
      responses: {
        404: { error: 'Transaction not found' },
        409: { error: 'Withdrawal is PROCESSING; it can be cancelled only while PROPOSED or PARTIALLY_SIGNED' },
      },
    },
  }),
  getCustomerBalance: defineRoute({
    ...customerRoute,
    ...consoleReadable,
    tag: 'Withdrawals',
    operationId: 'getCustomerBalance',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/balance',
    handler: 'functions/api/withdrawals/get-customer-balance.ts',
    summary: "Get the customer's USDC balance (available and locked)",
    description:
      '`balance` = `availableBalance` + `lockedBalance`; locked is what withdrawals in progress hold. Decimal strings.',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { params: CustomerIdParams },
    responses: {
      200: BalanceSchema,
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      403: ErrorBodySchema,
      404: ErrorBodySchema,
    },
    examples: { responses: customerNotFound },
  }),
  getWithdrawalAllowance: defineRoute({
    ...customerRoute,
    ...consoleReadable,
    tag: 'Withdrawals',
    operationId: 'getWithdrawalAllowance',
    method: 'GET',
    path: '/api/v2/customers/withdrawal/allowance',
    handler: 'functions/api/withdrawals/get-allowance.ts',
    summary: "Get the organization's API withdrawal allowance",
    description:
      'API withdrawals within the allowance execute at once; beyond it they become proposals that need signatures. ' +
      '`enabled` is the `apiWithdrawals` feature.',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    responses: { 200: AllowanceSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
  }),
  getRate: defineRoute({
    ...customerRoute,
    ...consoleReadable,
    tag: 'Withdrawals',
    operationId: 'getRate',
    method: 'GET',
    path: '/api/v2/rates',
    handler: 'functions/api/withdrawals/get-rate.ts',
    summary: 'Get an indicative rate quote (USDC to EUR or USD)',
    description:
      "Compose's `GET /rates`, snake_case. The quote comes from the withdrawals' engine with the organization's " +
      'fees and the current rates, so it is what a withdrawal made at that moment gets; it is not locked. ' +
      "Live organizations (on the ECB source, the default in AWS) are quoted the European Central Bank's latest " +
      'reference rate less their spread; when that rate is older than the configured age, the quote still shows ' +
      'it, but a withdrawal made on it waits as PROPOSED instead of executing. ' +
      'Exactly one of `source_amount` and `target_amount`. Other pairs (deposits: EUR/USD to USDC, EURC) are a 400.',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { query: GetRateQuery },
    responses: {
      200: RateSchema,
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      403: ErrorBodySchema,
      404: ErrorBodySchema,
    },
    examples: { responses: { 400: { error: UNSUPPORTED_PAIR }, ...customerNotFound } },
  }),
  sandboxCreditBalance: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxCreditBalance',
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/balance',
    handler: 'functions/api/withdrawals/credit-balance.ts',
    summary: "Sandbox: credit USDC to the customer's balance (a completed DEPOSIT)",
    description:
      'Stands in for money arriving: the amount (a decimal string) is added to the available balance at once, ' +
      'recorded as a `COMPLETED` `DEPOSIT`, and `deposit.created` is sent.',
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: SandboxCreditBody },
    responses: { 201: TransactionResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
    examples: { responses: customerNotFound },
  }),
  sandboxApproveTransaction: sandboxTransactionRoute(
    'sandboxApproveTransaction',
    'approve',
    'Sandbox: one approver signs a withdrawal',
    SandboxApproveBody,
  ),
  sandboxRejectTransaction: sandboxTransactionRoute(
    'sandboxRejectTransaction',
    'reject',
    'Sandbox: an approver rejects a withdrawal (CANCELLED)',
    SandboxRejectBody,
  ),
  sandboxCompleteTransaction: {
    ...sandboxTransactionRoute(
      'sandboxCompleteTransaction',
      'complete',
      'Sandbox: the payout of a PROCESSING withdrawal settles (COMPLETED)',
      NoBody,
    ),
    description:
      'Sandbox payouts also settle by themselves a few seconds after they start (3 s by default, ' +
      '`SANDBOX_SETTLE_AFTER_S`): the sandbox bank answers their payment file. This settles one now the same way: ' +
      'a camt.054 booking its debit goes into the bank channel inbox and is applied like any bank report. The ' +
      'locked amount leaves the balance.',
  },
  sandboxFailTransaction: sandboxTransactionRoute(
    'sandboxFailTransaction',
    'fail',
    'Sandbox: the payout of a PROCESSING withdrawal fails (FAILED, reservation returned)',
    SandboxFailBody,
  ),
  sandboxExpireTransaction: sandboxTransactionRoute(
    'sandboxExpireTransaction',
    'expire',
    'Sandbox: a withdrawal awaiting signatures expires now',
    NoBody,
  ),
  sandboxSetAllowance: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxSetAllowance',
    method: 'POST',
    path: '/api/v2/sandbox/allowance',
    handler: 'functions/api/withdrawals/set-allowance.ts',
    summary: 'Sandbox: set the withdrawal allowance and start a new period',
    description: 'Starts a new period with nothing spent. A limit of `"0"` turns every API withdrawal into a proposal.',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { body: SandboxAllowanceBody },
    responses: { 200: AllowanceSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
  }),
  sandboxSetFaults: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxSetFaults',
    method: 'POST',
    path: '/api/v2/sandbox/faults',
    handler: 'functions/api/withdrawals/set-faults.ts',
    summary: 'Sandbox: make the next n payout executions fail at start',
    description:
      'Each armed fault fails one execution at start: the withdrawal goes back to `PROPOSED` and its reservations are ' +
      'released.',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { body: SandboxFaultsBody },
    responses: { 200: SandboxFaultsSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
  }),
  sandboxSetExchangeRates: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxSetExchangeRates',
    method: 'POST',
    path: '/api/v2/sandbox/exchange-rates',
    handler: 'functions/api/withdrawals/set-exchange-rates.ts',
    summary: "Sandbox: set this organization's fixed exchange rates (bank-currency units per USDC)",
    description: 'Quotes of later withdrawals use these rates; not part of the Compose contract.',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { body: SandboxExchangeRatesBody },
    responses: { 200: SandboxExchangeRatesSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
  }),
} satisfies Record<string, RouteDefinition>;
