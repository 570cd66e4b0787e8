import { customerOverviewRoutes } from '#shared/console/views/customer-overview-routes.ts';
import { getCustomerOverview } from '#shared/console/views/get-customer-overview.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(customerOverviewRoutes.consoleGetCustomerOverview, ({ deps, auth, params }) =>
  getCustomerOverview(deps, { organizationId: auth.organizationId, customerId: params.customerId }),
);
