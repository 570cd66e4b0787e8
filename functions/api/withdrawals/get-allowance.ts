import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/withdrawals/routes.ts';
import { getAllowance } from '#shared/withdrawals/transaction-use-cases.ts';

export const handler = apiHandler(routes.getWithdrawalAllowance, ({ deps, auth }) =>
  getAllowance(deps, auth.organization),
);
