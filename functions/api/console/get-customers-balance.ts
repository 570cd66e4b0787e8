import { getCustomersBalance } from '#shared/console/get-customers-balance.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleGetCustomersBalance, ({ deps, auth, query }) =>
  getCustomersBalance(deps, { organizationId: auth.organizationId, ...query }),
);
