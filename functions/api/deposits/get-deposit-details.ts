import { depositAccountRoutes } from '#shared/deposits/deposit-account-routes.ts';
import { getDepositDetails } from '#shared/deposits/get-deposit-details.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(depositAccountRoutes.getDepositDetails, ({ deps, auth, params, query }) =>
  getDepositDetails(deps, { organization: auth.organization, ...params, ...query }),
);
