import { listOrganizationTransactions } from '#shared/console/list-organization-transactions.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { pageReply } from '#shared/http/pagination.ts';

export const handler = apiHandler(routes.consoleListTransactions, async ({ deps, auth, query, event }) =>
  pageReply(event, await listOrganizationTransactions(deps, { organizationId: auth.organizationId, ...query })),
);
