import { apiHandler } from '#shared/http/api-handler.ts';
import { getAllowance } from '#shared/ledger/get-allowance.ts';
import { routes } from '#shared/ledger/routes.ts';

export const handler = apiHandler(routes.getWithdrawalAllowance, ({ deps, auth }) =>
  getAllowance(deps, auth.organization),
);
