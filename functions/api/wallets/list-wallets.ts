import { apiHandler } from '#shared/http/api-handler.ts';
import { listWallets } from '#shared/wallets/list-wallets.ts';
import { routes } from '#shared/wallets/routes.ts';

export const handler = apiHandler(routes.listCustomerWallets, ({ deps, auth, params, query }) =>
  listWallets(deps, { organizationId: auth.organizationId, ...params, ...query }),
);
