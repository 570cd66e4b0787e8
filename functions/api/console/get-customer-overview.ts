import { getCustomerOverview } from '#shared/console/get-customer-overview.ts';
import { viewRoutes } from '#shared/console/view-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(viewRoutes.consoleGetCustomerOverview, ({ deps, auth, params }) =>
  getCustomerOverview(deps, { organizationId: auth.organizationId, customerId: params.customerId }),
);
