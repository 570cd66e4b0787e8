import { getDepositDetails } from '#shared/deposits/get-deposit-details.ts';
import { routes } from '#shared/deposits/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.getDepositDetails, ({ deps, auth, params, query }) =>
  getDepositDetails(deps, { organization: auth.organization, ...params, ...query }),
);
