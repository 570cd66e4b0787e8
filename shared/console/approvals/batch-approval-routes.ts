import { BATCH_ALREADY_SIGNED, BATCH_NOT_AWAITING } from '#shared/console/approvals/batch-approval-rules.ts';
import {
  BatchApprovalCardSchema,
  BatchApprovalOptionsSchema,
  BatchDecisionSchema,
  BatchIdParams,
} from '#shared/console/approvals/batch-approval-schemas.ts';
import { RejectWithdrawalBody, SignWithdrawalBody } from '#shared/console/common/schemas.ts';
import { UNAUTHORIZED } from '#shared/errors.ts';
import { NoBody } from '#shared/routing/presets.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * A withdrawal batch above the allowance approved as one (shared/console/README.md, "Batch approvals"): one card,
 * one passkey signature over every payout of it, one rejection. Spread into the console's rows (`routes.ts`).
 */
const sessionRoute = { auth: true, tag: 'Console' } as const;

export const batchApprovalRoutes = defineRoutes('console', {
  consoleListPendingBatches: {
    ...sessionRoute,
    console: { permission: 'read' },
    method: 'GET',
    path: '/api/console/approval-batches',
    handler: 'functions/api/console/list-pending-batches.ts',
    successStatus: 200,
    access: { table: 'read', indexes: ['gsi2'] },
    responses: { 200: z.array(BatchApprovalCardSchema) },
  },
  consoleStartBatchApproval: {
    ...sessionRoute,
    console: { permission: 'approve' },
    method: 'POST',
    path: '/api/console/approval-batches/{batchId}/options',
    handler: 'functions/api/console/start-batch-approval.ts',
    successStatus: 200,
    access: { table: 'readwrite', indexes: ['gsi2'] },
    request: { params: BatchIdParams, body: NoBody },
    responses: { 200: BatchApprovalOptionsSchema },
    refusals: [BATCH_NOT_AWAITING, BATCH_ALREADY_SIGNED],
  },
  consoleSignWithdrawalBatch: {
    ...sessionRoute,
    console: { permission: 'approve' },
    method: 'POST',
    path: '/api/console/approval-batches/{batchId}/sign',
    handler: 'functions/api/console/sign-withdrawal-batch.ts',
    successStatus: 200,
    access: { table: 'readwrite', indexes: ['gsi2'] },
    request: { params: BatchIdParams, body: SignWithdrawalBody },
    responses: { 200: BatchDecisionSchema },
    refusals: [UNAUTHORIZED, BATCH_NOT_AWAITING],
  },
  consoleRejectWithdrawalBatch: {
    ...sessionRoute,
    console: { permission: 'approve' },
    method: 'POST',
    path: '/api/console/approval-batches/{batchId}/reject',
    handler: 'functions/api/console/reject-withdrawal-batch.ts',
    successStatus: 200,
    access: { table: 'readwrite', indexes: ['gsi2'] },
    request: { params: BatchIdParams, body: RejectWithdrawalBody },
    responses: { 200: BatchDecisionSchema },
    refusals: [BATCH_NOT_AWAITING],
  },
});
