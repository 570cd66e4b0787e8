import { apiHandler } from '#shared/http/api-handler.ts';
import { proveWalletOwnership } from '#shared/treasury/prove-wallet-ownership.ts';
import { routes } from '#shared/treasury/routes.ts';

export const handler = apiHandler(routes.proveWalletOwnership, ({ deps, auth, params, body }) =>
  proveWalletOwnership(deps, { organizationId: auth.organizationId, ...params, ...body }),
);
