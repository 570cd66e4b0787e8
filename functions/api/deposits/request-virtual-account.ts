import { requestVirtualAccount } from '#shared/deposits/request-virtual-account.ts';
import { routes } from '#shared/deposits/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.createVirtualAccount, ({ deps, auth, params, body }) =>
  requestVirtualAccount(deps, { organizationId: auth.organizationId, ...params, ...body }),
);
