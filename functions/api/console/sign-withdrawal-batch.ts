import { batchApprovalRoutes } from '#shared/console/approvals/batch-approval-routes.ts';
import { signWithdrawalBatch } from '#shared/console/approvals/sign-withdrawal-batch.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(batchApprovalRoutes.consoleSignWithdrawalBatch, ({ deps, actor, params, body }) =>
  signWithdrawalBatch(deps, actor, { batchId: params.batchId, ...body }),
);
