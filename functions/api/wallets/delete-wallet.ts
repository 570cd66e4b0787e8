import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/wallets/routes.ts';
import { deleteWallet } from '#shared/wallets/wallet-use-cases.ts';

export const handler = apiHandler(routes.deleteCustomerWallet, ({ deps, auth, params }) =>
  deleteWallet(deps, { organizationId: auth.organizationId, ...params }),
);
