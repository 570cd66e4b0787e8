import { apiHandler } from '#shared/http/api-handler.ts';
import { pageReply } from '#shared/http/pagination.ts';
import { listTransactions } from '#shared/transactions/list-transactions.ts';
import { routes } from '#shared/transactions/routes.ts';

export const handler = apiHandler(routes.listTransactions, async ({ deps, auth, params, query, event }) =>
  pageReply(
    event,
    await listTransactions(deps, { organizationId: auth.organizationId, customerId: params.customerId, ...query }),
  ),
);
