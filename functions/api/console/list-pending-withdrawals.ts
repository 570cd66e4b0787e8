import { approvalRoutes } from '#shared/console/approval-routes.ts';
import { listPendingWithdrawals } from '#shared/console/list-pending-withdrawals.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(approvalRoutes.consoleListPendingWithdrawals, ({ deps, actor }) =>
  listPendingWithdrawals(deps, actor),
);
