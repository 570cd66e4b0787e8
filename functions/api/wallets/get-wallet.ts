import { apiHandler } from '#shared/http/api-handler.ts';
import { getWallet } from '#shared/wallets/get-wallet.ts';
import { routes } from '#shared/wallets/routes.ts';

export const handler = apiHandler(routes.getCustomerWallet, ({ deps, auth, params }) =>
  getWallet(deps, { organizationId: auth.organizationId, ...params }),
);
