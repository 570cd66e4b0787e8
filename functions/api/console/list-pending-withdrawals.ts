import { listPendingWithdrawals } from '#shared/console/list-pending-withdrawals.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleListPendingWithdrawals, ({ deps, actor }) =>
  listPendingWithdrawals(deps, actor),
);
