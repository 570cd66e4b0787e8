import { depositAccountRoutes } from '#shared/deposits/deposit-account-routes.ts';
import { listVirtualAccounts } from '#shared/deposits/list-virtual-accounts.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { pageReply } from '#shared/http/pagination.ts';

export const handler = apiHandler(
  depositAccountRoutes.listVirtualAccounts,
  async ({ deps, auth, params, query, event }) =>
    pageReply(event, await listVirtualAccounts(deps, { organizationId: auth.organizationId, ...params, ...query })),
);
