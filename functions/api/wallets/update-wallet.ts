import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/wallets/routes.ts';
import { updateWallet } from '#shared/wallets/update-wallet.ts';

export const handler = apiHandler(routes.updateCustomerWallet, ({ deps, auth, params, body }) =>
  updateWallet(deps, { organizationId: auth.organizationId, ...params, ...body }),
);
