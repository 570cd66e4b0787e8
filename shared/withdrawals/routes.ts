import { BANK_NOT_FOUND } from '#shared/banks/bank-rules.ts';
import { PAYEE_UNCONFIRMED } from '#shared/banks/payee-rules.ts';
import { CUSTOMER_DISABLED, CUSTOMER_NOT_FOUND, KYC_REQUIRED } from '#shared/customers/customer-rules.ts';
import { customerRoute, NoBody } from '#shared/routing/presets.ts';
import { defineRoute, OPENAPI_PROSE, type RouteDefinition } from '#shared/routing/route.ts';
import { CustomerIdParams } from '#shared/routing/schemas.ts';
import { TRANSITION_REFUSED } from '#shared/transactions/lifecycle.ts';
import { sandboxTransactionRoute } from '#shared/transactions/sandbox-transaction-route.ts';
import { TransactionParams, TransactionResponseSchema } from '#shared/transactions/schemas.ts';
import { TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';
import { SandboxApproveBody, SandboxRejectBody } from '#shared/withdrawals/sandbox-schemas.ts';
import {
  CreateWithdrawalBatchBody,
  CreateWithdrawalBody,
  MAX_BATCH_WITHDRAWALS,
  NEITHER_AMOUNT,
  WithdrawalBatchResponseSchema,
} from '#shared/withdrawals/schemas.ts';
import { BATCH_KEY_REUSED, FAILED_TO_EXECUTE, KEY_REUSED } from '#shared/withdrawals/withdrawal-rules.ts';

/** The withdrawals rows of the route table: creating, cancelling, approving and expiring (assembled in `#shared/routes.ts`). */
export const routes = {
  createWithdrawal: defineRoute({
    ...customerRoute,
    features: ['customers', 'apiWithdrawals'],
    tag: 'Withdrawals',
    operationId: 'createWithdrawal',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/withdrawal',
    handler: 'functions/api/withdrawals/create-withdrawal.ts',
    summary: 'Create a withdrawal to an active bank of the customer (idempotent)',
    description:
      OPENAPI_PROSE &&
      [
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
    responses: { 201: TransactionResponseSchema },
    refusals: [CUSTOMER_NOT_FOUND, KYC_REQUIRED, CUSTOMER_DISABLED, BANK_NOT_FOUND, KEY_REUSED, PAYEE_UNCONFIRMED],
    // The body's own check and the stack's 503, as this route words them.
    examples: { responses: { 400: { error: NEITHER_AMOUNT }, 503: { error: FAILED_TO_EXECUTE } } },
  }),
  createWithdrawalBatch: defineRoute({
    ...customerRoute,
    features: ['customers', 'apiWithdrawals'],
    tag: 'Withdrawals',
    operationId: 'createWithdrawalBatch',
    method: 'POST',
    path: '/api/v2/withdrawals/batch',
    handler: 'functions/api/withdrawals/create-withdrawal-batch.ts',
    summary: `Create up to ${MAX_BATCH_WITHDRAWALS} withdrawals, one per customer, in one request (idempotent)`,
    description:
      OPENAPI_PROSE &&
      [
        'Each item is a single create (`POST /api/v2/customers/{customerId}/withdrawal`) with its `customerId` and',
        'its own `idempotencyKey`, checked in the same order, and answered in `results` in the same order: `status`',
        '201 with its `transaction`, or the status and `error` a single create would have answered (one customer',
        'per batch: a second item of one customer is a 400). The batch has a key of its own (`idempotencyKey` or the',
        '`Idempotency-Key` header): the same key and withdrawals answer the same results with each transaction as it',
        'is now and `Idempotent-Replayed: true`; other withdrawals, 422.\n\n**Allowance**: the batch is decided once.',
        'When the payouts the balances cover fit the API allowance together, they are `PROCESSING`; otherwise every',
        'payout is `PROPOSED` (`proposed: true`) and each waits for its signatures.\n\n**Partial failures**: an item',
        'with `status` 503 has an outcome not known yet; sending the same batch again (same key) finishes it, and',
        "each item's own key answers whether it was made. Webhooks: `withdrawal.created` per payout and",
        '`withdrawal_batch.created` once.',
      ].join(' '),
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { body: CreateWithdrawalBatchBody },
    responses: { 201: WithdrawalBatchResponseSchema },
    refusals: [BATCH_KEY_REUSED],
    examples: { responses: { 400: { error: 'withdrawals: At most 250 withdrawals per batch' } } },
  }),
  cancelTransaction: defineRoute({
    ...customerRoute,
    tag: 'Withdrawals',
    operationId: 'cancelTransaction',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/transactions/{transactionId}/cancel',
    handler: 'functions/api/withdrawals/cancel-transaction.ts',
    summary: 'Cancel a withdrawal that awaits signatures',
    description:
      OPENAPI_PROSE &&
      'Only while `PROPOSED` or `PARTIALLY_SIGNED` (409 otherwise); nothing was reserved, so nothing moves.',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: TransactionParams, body: NoBody },
    responses: { 200: TransactionResponseSchema },
    refusals: [TRANSACTION_NOT_FOUND, TRANSITION_REFUSED.withExample('PROCESSING', 'cancel')],
  }),
  sandboxApproveTransaction: sandboxTransactionRoute(
    'withdrawals',
    'sandboxApproveTransaction',
    'approve',
    'Sandbox: one approver signs a withdrawal',
    SandboxApproveBody,
  ),
  sandboxRejectTransaction: sandboxTransactionRoute(
    'withdrawals',
    'sandboxRejectTransaction',
    'reject',
    'Sandbox: an approver rejects a withdrawal (CANCELLED)',
    SandboxRejectBody,
  ),
  sandboxExpireTransaction: sandboxTransactionRoute(
    'withdrawals',
    'sandboxExpireTransaction',
    'expire',
    'Sandbox: a withdrawal awaiting signatures expires now',
    NoBody,
  ),
} satisfies Record<string, RouteDefinition>;
