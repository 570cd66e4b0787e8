import { batchApprovalRoutes } from '#shared/console/approvals/batch-approval-routes.ts';
import { listPendingBatches } from '#shared/console/approvals/list-pending-batches.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(batchApprovalRoutes.consoleListPendingBatches, ({ deps, actor }) =>
  listPendingBatches(deps, actor),
);
