import { getVirtualAccount } from '#shared/deposits/get-virtual-account.ts';
import { routes } from '#shared/deposits/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.getVirtualAccount, async ({ deps, auth, params, query }) =>
  getVirtualAccount(deps, { organizationId: auth.organizationId, ...params, ...query }),
);
