import { getCustomerOverview } from '#shared/console/get-customer-overview.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleGetCustomerOverview, ({ deps, auth, params }) =>
  getCustomerOverview(deps, { organizationId: auth.organizationId, customerId: params.customerId }),
);
