import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/http/routes.ts';
import { createWallet } from '#shared/wallets/create-wallet.ts';

export const handler = apiHandler(routes.createCustomerWallet, ({ deps, auth, params, body }) =>
  createWallet(deps, { organizationId: auth.organizationId, ...params, ...body }),
);
