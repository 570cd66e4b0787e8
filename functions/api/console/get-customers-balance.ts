import { getCustomersBalance } from '#shared/console/get-customers-balance.ts';
import { viewRoutes } from '#shared/console/view-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(viewRoutes.consoleGetCustomersBalance, ({ deps, auth, query }) =>
  getCustomersBalance(deps, { organizationId: auth.organizationId, ...query }),
);
