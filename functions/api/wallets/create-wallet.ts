import { apiHandler } from '#shared/http/api-handler.ts';
import { createWallet } from '#shared/wallets/create-wallet.ts';
import { routes } from '#shared/wallets/routes.ts';

export const handler = apiHandler(routes.createCustomerWallet, ({ deps, auth, params, body }) =>
  createWallet(deps, { organizationId: auth.organizationId, ...params, ...body }),
);
