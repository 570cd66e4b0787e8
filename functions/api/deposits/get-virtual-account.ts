import { depositAccountRoutes } from '#shared/deposits/deposit-account-routes.ts';
import { getVirtualAccount } from '#shared/deposits/get-virtual-account.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(depositAccountRoutes.getVirtualAccount, async ({ deps, auth, params, query }) =>
  getVirtualAccount(deps, { organizationId: auth.organizationId, ...params, ...query }),
);
