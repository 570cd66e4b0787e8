import { ApprovalCardSchema } from '#shared/console/approval-view-schemas.ts';
import {
  ApprovalOptionsSchema,
  PendingWithdrawalSchema,
  RejectWithdrawalBody,
  SignWithdrawalBody,
  TransactionIdParams,
} from '#shared/console/schemas.ts';
import { NoBody } from '#shared/routing/presets.ts';
import { defineRoute, OPENAPI_PROSE } from '#shared/routing/route.ts';
import { ALREADY_SIGNED } from '#shared/transactions/lifecycle.ts';
import { TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * Withdrawals awaiting the organization's signatures (shared/console/README.md, "Signed approvals"): listed, signed with
 * a passkey in two steps, or rejected. Spread into the console's rows (`routes.ts`).
 */
const sessionRoute = { auth: true, tag: 'Console' } as const;
const readwrite = { table: 'readwrite' } as const;
/** What the approval rows refuse with: the transactions' rules. */
const approvalRefusals = [TRANSACTION_NOT_FOUND, ALREADY_SIGNED];

export const approvalRoutes = {
  consoleListPendingWithdrawals: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    operationId: 'consoleListPendingWithdrawals',
    method: 'GET',
    path: '/api/console/approvals',
    handler: 'functions/api/console/list-pending-withdrawals.ts',
    summary: OPENAPI_PROSE
      ? 'Withdrawals awaiting signatures (PROPOSED, PARTIALLY_SIGNED): what is paid to whom, who signed'
      : '',
    successStatus: 200,
    access: { table: 'readwrite', indexes: ['gsi2'] },
    responses: { 200: z.array(ApprovalCardSchema) },
  }),
  consoleStartApproval: defineRoute({
    ...sessionRoute,
    console: { permission: 'approve' },
    operationId: 'consoleStartApproval',
    method: 'POST',
    path: '/api/console/approvals/{transactionId}/options',
    handler: 'functions/api/console/start-approval.ts',
    summary: OPENAPI_PROSE
      ? 'Sign a withdrawal, step 1: a challenge bound to its id, amount, currency, beneficiary and account'
      : '',
    successStatus: 200,
    access: readwrite,
    request: { params: TransactionIdParams, body: NoBody },
    responses: { 200: ApprovalOptionsSchema },
    refusals: approvalRefusals,
  }),
  consoleSignWithdrawal: defineRoute({
    ...sessionRoute,
    console: { permission: 'approve' },
    operationId: 'consoleSignWithdrawal',
    method: 'POST',
    path: '/api/console/approvals/{transactionId}/sign',
    handler: 'functions/api/console/sign-withdrawal.ts',
    summary: OPENAPI_PROSE
      ? "Sign a withdrawal, step 2: the passkey's signature over the challenge counts as one approval"
      : '',
    successStatus: 200,
    access: readwrite,
    request: { params: TransactionIdParams, body: SignWithdrawalBody },
    responses: { 200: PendingWithdrawalSchema },
    refusals: approvalRefusals,
  }),
  consoleRejectWithdrawal: defineRoute({
    ...sessionRoute,
    console: { permission: 'approve' },
    operationId: 'consoleRejectWithdrawal',
    method: 'POST',
    path: '/api/console/approvals/{transactionId}/reject',
    handler: 'functions/api/console/reject-withdrawal.ts',
    summary: OPENAPI_PROSE ? 'Reject a withdrawal awaiting signatures, with a reason: it is CANCELLED' : '',
    successStatus: 200,
    access: readwrite,
    request: { params: TransactionIdParams, body: RejectWithdrawalBody },
    responses: { 200: PendingWithdrawalSchema },
    refusals: approvalRefusals,
  }),
};
