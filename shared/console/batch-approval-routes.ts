import { BATCH_ALREADY_SIGNED, BATCH_NOT_AWAITING } from '#shared/console/batch-approval-rules.ts';
import {
  BatchApprovalCardSchema,
  BatchApprovalOptionsSchema,
  BatchDecisionSchema,
  BatchIdParams,
} from '#shared/console/batch-approval-schemas.ts';
import { RejectWithdrawalBody, SignWithdrawalBody } from '#shared/console/schemas.ts';
import { UNAUTHORIZED } from '#shared/errors.ts';
import { NoBody } from '#shared/routing/presets.ts';
import { defineRoute, OPENAPI_PROSE } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * A withdrawal batch above the allowance approved as one (shared/console/README.md, "Batch approvals"): one card,
 * one passkey signature over every payout of it, one rejection. Spread into the console's rows (`routes.ts`).
 */
const sessionRoute = { auth: true, tag: 'Console' } as const;

export const batchApprovalRoutes = {
  consoleListPendingBatches: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    operationId: 'consoleListPendingBatches',
    method: 'GET',
    path: '/api/console/approval-batches',
    handler: 'functions/api/console/list-pending-batches.ts',
    summary: OPENAPI_PROSE
      ? 'Withdrawal batches awaiting signatures, one card each: payouts, totals, customers, why they wait'
      : '',
    successStatus: 200,
    access: { table: 'read', indexes: ['gsi2'] },
    responses: { 200: z.array(BatchApprovalCardSchema) },
  }),
  consoleStartBatchApproval: defineRoute({
    ...sessionRoute,
    console: { permission: 'approve' },
    operationId: 'consoleStartBatchApproval',
    method: 'POST',
    path: '/api/console/approval-batches/{batchId}/options',
    handler: 'functions/api/console/start-batch-approval.ts',
    summary: OPENAPI_PROSE
      ? 'Sign a batch, step 1: a challenge bound to the batch id and each waiting payout with its figures'
      : '',
    successStatus: 200,
    access: { table: 'readwrite', indexes: ['gsi2'] },
    request: { params: BatchIdParams, body: NoBody },
    responses: { 200: BatchApprovalOptionsSchema },
    refusals: [BATCH_NOT_AWAITING, BATCH_ALREADY_SIGNED],
  }),
  consoleSignWithdrawalBatch: defineRoute({
    ...sessionRoute,
    console: { permission: 'approve' },
    operationId: 'consoleSignWithdrawalBatch',
    method: 'POST',
    path: '/api/console/approval-batches/{batchId}/sign',
    handler: 'functions/api/console/sign-withdrawal-batch.ts',
    summary: OPENAPI_PROSE
      ? "Sign a batch, step 2: the passkey's one signature counts as an approval of each payout it bound"
      : '',
    description:
      OPENAPI_PROSE &&
      'Each payout bound by the challenge is approved in its own transaction if it still awaits signatures and ' +
        'shows what was signed; the answer says per payout what happened (`SIGNED`, or `SKIPPED` and why).',
    successStatus: 200,
    access: { table: 'readwrite', indexes: ['gsi2'] },
    request: { params: BatchIdParams, body: SignWithdrawalBody },
    responses: { 200: BatchDecisionSchema },
    refusals: [UNAUTHORIZED, BATCH_NOT_AWAITING],
  }),
  consoleRejectWithdrawalBatch: defineRoute({
    ...sessionRoute,
    console: { permission: 'approve' },
    operationId: 'consoleRejectWithdrawalBatch',
    method: 'POST',
    path: '/api/console/approval-batches/{batchId}/reject',
    handler: 'functions/api/console/reject-withdrawal-batch.ts',
    summary: OPENAPI_PROSE ? 'Reject a batch, with a reason: each of its payouts awaiting signatures is CANCELLED' : '',
    successStatus: 200,
    access: { table: 'readwrite', indexes: ['gsi2'] },
    request: { params: BatchIdParams, body: RejectWithdrawalBody },
    responses: { 200: BatchDecisionSchema },
    refusals: [BATCH_NOT_AWAITING],
  }),
};
