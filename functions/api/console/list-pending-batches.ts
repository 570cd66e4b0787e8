import { batchApprovalRoutes } from '#shared/console/batch-approval-routes.ts';
import { listPendingBatches } from '#shared/console/list-pending-batches.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(batchApprovalRoutes.consoleListPendingBatches, ({ deps, actor }) =>
  listPendingBatches(deps, actor),
);
