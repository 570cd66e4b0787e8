import { apiHandler } from '#shared/http/api-handler.ts';
import { getWalletOwnership } from '#shared/treasury/get-wallet-ownership.ts';
import { routes } from '#shared/treasury/routes.ts';

export const handler = apiHandler(routes.getWalletOwnership, ({ deps, auth, params }) =>
  getWalletOwnership(deps, { organizationId: auth.organizationId, ...params }),
);
