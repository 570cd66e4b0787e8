import { batchApprovalRoutes } from '#shared/console/approvals/batch-approval-routes.ts';
import { startBatchApproval } from '#shared/console/approvals/start-batch-approval.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(batchApprovalRoutes.consoleStartBatchApproval, ({ deps, actor, params }) =>
  startBatchApproval(deps, actor, params.batchId),
);
