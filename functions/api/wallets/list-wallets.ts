import { apiHandler } from '#shared/http/api-handler.ts';
import { nextPageHeaders } from '#shared/http/pagination.ts';
import { reply } from '#shared/http/reply.ts';
import { listWallets } from '#shared/wallets/list-wallets.ts';
import { routes } from '#shared/wallets/routes.ts';

export const handler = apiHandler(routes.listCustomerWallets, async ({ deps, auth, params, query, event }) => {
  const page = await listWallets(deps, { organizationId: auth.organizationId, ...params, ...query });
  return reply({ wallets: page.items }, { headers: nextPageHeaders(event, page.nextCursor) });
});
