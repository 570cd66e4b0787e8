import { approvalRoutes } from '#shared/console/approvals/approval-routes.ts';
import { listPendingWithdrawals } from '#shared/console/approvals/list-pending-withdrawals.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(approvalRoutes.consoleListPendingWithdrawals, ({ deps, actor }) =>
  listPendingWithdrawals(deps, actor),
);
