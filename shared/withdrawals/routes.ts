import { BANK_NOT_FOUND } from '#shared/banks/bank-rules.ts';
import { PAYEE_UNCONFIRMED } from '#shared/banks/payee-rules.ts';
import { CUSTOMER_DISABLED, CUSTOMER_NOT_FOUND, KYC_REQUIRED } from '#shared/customers/customer-rules.ts';
import { customerRoute, NoBody } from '#shared/routing/presets.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import { CustomerIdParams } from '#shared/routing/schemas.ts';
import { TRANSITION_REFUSED } from '#shared/transactions/lifecycle.ts';
import { sandboxTransactionRoute } from '#shared/transactions/sandbox-transaction-route.ts';
import { TransactionParams, TransactionResponseSchema } from '#shared/transactions/schemas.ts';
import { TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';
import { SandboxApproveBody, SandboxRejectBody } from '#shared/withdrawals/sandbox-schemas.ts';
import {
  CreateWithdrawalBatchBody,
  CreateWithdrawalBody,
  WithdrawalBatchResponseSchema,
} from '#shared/withdrawals/schemas.ts';
import { BATCH_KEY_REUSED, KEY_REUSED } from '#shared/withdrawals/withdrawal-rules.ts';

/** The withdrawals rows of the route table: creating, cancelling, approving and expiring (assembled in `#shared/routes.ts`). */
export const routes = defineRoutes('withdrawals', {
  createWithdrawal: {
    ...customerRoute,
    features: ['customers', 'apiWithdrawals'],
    tag: 'Withdrawals',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/withdrawal',
    handler: 'functions/api/withdrawals/create-withdrawal.ts',
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: CreateWithdrawalBody },
    responses: { 201: TransactionResponseSchema },
    refusals: [CUSTOMER_NOT_FOUND, KYC_REQUIRED, CUSTOMER_DISABLED, BANK_NOT_FOUND, KEY_REUSED, PAYEE_UNCONFIRMED],
  },
  createWithdrawalBatch: {
    ...customerRoute,
    features: ['customers', 'apiWithdrawals'],
    tag: 'Withdrawals',
    method: 'POST',
    path: '/api/v2/withdrawals/batch',
    handler: 'functions/api/withdrawals/create-withdrawal-batch.ts',
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { body: CreateWithdrawalBatchBody },
    responses: { 201: WithdrawalBatchResponseSchema },
    refusals: [BATCH_KEY_REUSED],
  },
  cancelTransaction: {
    ...customerRoute,
    tag: 'Withdrawals',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/transactions/{transactionId}/cancel',
    handler: 'functions/api/withdrawals/cancel-transaction.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: TransactionParams, body: NoBody },
    responses: { 200: TransactionResponseSchema },
    refusals: [TRANSACTION_NOT_FOUND, TRANSITION_REFUSED.withExample('PROCESSING', 'cancel')],
  },
  sandboxApproveTransaction: sandboxTransactionRoute('withdrawals', 'approve', SandboxApproveBody),
  sandboxRejectTransaction: sandboxTransactionRoute('withdrawals', 'reject', SandboxRejectBody),
  sandboxExpireTransaction: sandboxTransactionRoute('withdrawals', 'expire', NoBody),
});
