import { batchApprovalRoutes } from '#shared/console/approvals/batch-approval-routes.ts';
import { rejectWithdrawalBatch } from '#shared/console/approvals/reject-withdrawal-batch.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(batchApprovalRoutes.consoleRejectWithdrawalBatch, ({ deps, actor, params, body }) =>
  rejectWithdrawalBatch(deps, actor, { batchId: params.batchId, ...body }),
);
