import { routes } from '#shared/deposits/routes.ts';
import { requestVirtualAccount } from '#shared/deposits/virtual-account-use-cases.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.createVirtualAccount, ({ deps, auth, params, body }) =>
  requestVirtualAccount(deps, { organizationId: auth.organizationId, ...params, ...body }),
);
