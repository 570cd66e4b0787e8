import { getCustomersBalance } from '#shared/console/views/get-customers-balance.ts';
import { homeViewRoutes } from '#shared/console/views/view-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(homeViewRoutes.consoleGetCustomersBalance, ({ deps, auth, query }) =>
  getCustomersBalance(deps, { organizationId: auth.organizationId, ...query }),
);
