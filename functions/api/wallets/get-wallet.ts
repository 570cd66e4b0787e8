import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/http/routes.ts';
import { getWallet } from '#shared/wallets/get-wallet.ts';

export const handler = apiHandler(routes.getCustomerWallet, ({ deps, auth, params }) =>
  getWallet(deps, { organizationId: auth.organizationId, ...params }),
);
