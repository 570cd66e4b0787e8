import { listOrganizationTransactions } from '#shared/console/views/list-organization-transactions.ts';
import { transactionViewRoutes } from '#shared/console/views/transaction-view-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { pageReply } from '#shared/http/pagination.ts';

export const handler = apiHandler(transactionViewRoutes.consoleListTransactions, async ({ deps, auth, query, event }) =>
  pageReply(event, await listOrganizationTransactions(deps, { organizationId: auth.organizationId, ...query })),
);
