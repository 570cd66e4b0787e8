import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/http/routes.ts';
import { getAllowance } from '#shared/withdrawals/get-allowance.ts';

export const handler = apiHandler(routes.getWithdrawalAllowance, ({ deps, auth }) =>
  getAllowance(deps, auth.organization),
);
