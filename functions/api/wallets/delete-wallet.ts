import { apiHandler } from '#shared/http/api-handler.ts';
import { deleteWallet } from '#shared/wallets/delete-wallet.ts';
import { routes } from '#shared/wallets/routes.ts';

export const handler = apiHandler(routes.deleteCustomerWallet, ({ deps, auth, params }) =>
  deleteWallet(deps, { organizationId: auth.organizationId, ...params }),
);
