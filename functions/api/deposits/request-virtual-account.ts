import { depositAccountRoutes } from '#shared/deposits/deposit-account-routes.ts';
import { requestVirtualAccount } from '#shared/deposits/request-virtual-account.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(depositAccountRoutes.createVirtualAccount, ({ deps, auth, params, body }) =>
  requestVirtualAccount(deps, { organizationId: auth.organizationId, ...params, ...body }),
);
