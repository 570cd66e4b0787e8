import { ApprovalCardSchema } from '#shared/console/approvals/approval-view-schemas.ts';
import {
  ApprovalOptionsSchema,
  PendingWithdrawalSchema,
  RejectWithdrawalBody,
  SignWithdrawalBody,
  TransactionIdParams,
} from '#shared/console/common/schemas.ts';
import { NoBody } from '#shared/routing/presets.ts';
import { defineRoutes } from '#shared/routing/route.ts';
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

export const approvalRoutes = defineRoutes('console', {
  consoleListPendingWithdrawals: {
    ...sessionRoute,
    console: { permission: 'read' },
    method: 'GET',
    path: '/api/console/approvals',
    handler: 'functions/api/console/list-pending-withdrawals.ts',
    successStatus: 200,
    access: { table: 'readwrite', indexes: ['gsi2'] },
    responses: { 200: z.array(ApprovalCardSchema) },
  },
  consoleStartApproval: {
    ...sessionRoute,
    console: { permission: 'approve' },
    method: 'POST',
    path: '/api/console/approvals/{transactionId}/options',
    handler: 'functions/api/console/start-approval.ts',
    successStatus: 200,
    access: readwrite,
    request: { params: TransactionIdParams, body: NoBody },
    responses: { 200: ApprovalOptionsSchema },
    refusals: approvalRefusals,
  },
  consoleSignWithdrawal: {
    ...sessionRoute,
    console: { permission: 'approve' },
    method: 'POST',
    path: '/api/console/approvals/{transactionId}/sign',
    handler: 'functions/api/console/sign-withdrawal.ts',
    successStatus: 200,
    access: readwrite,
    request: { params: TransactionIdParams, body: SignWithdrawalBody },
    responses: { 200: PendingWithdrawalSchema },
    refusals: approvalRefusals,
  },
  consoleRejectWithdrawal: {
    ...sessionRoute,
    console: { permission: 'approve' },
    method: 'POST',
    path: '/api/console/approvals/{transactionId}/reject',
    handler: 'functions/api/console/reject-withdrawal.ts',
    successStatus: 200,
    access: readwrite,
    request: { params: TransactionIdParams, body: RejectWithdrawalBody },
    responses: { 200: PendingWithdrawalSchema },
    refusals: approvalRefusals,
  },
});
