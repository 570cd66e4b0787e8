import { batchApprovalRoutes } from '#shared/console/batch-approval-routes.ts';
import { rejectWithdrawalBatch } from '#shared/console/reject-withdrawal-batch.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(batchApprovalRoutes.consoleRejectWithdrawalBatch, ({ deps, actor, params, body }) =>
  rejectWithdrawalBatch(deps, actor, { batchId: params.batchId, ...body }),
);
