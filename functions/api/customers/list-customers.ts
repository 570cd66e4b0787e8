import { listCustomers } from '#shared/customers/list-customers.ts';
import { routes } from '#shared/customers/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { pageReply } from '#shared/http/pagination.ts';

export const handler = apiHandler(routes.listCustomers, async ({ deps, auth, query, event }) =>
  pageReply(event, await listCustomers(deps, { organizationId: auth.organizationId, ...query })),
);
