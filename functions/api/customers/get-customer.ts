import { getCustomer } from '#shared/customers/get-customer.ts';
import { routes } from '#shared/customers/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.getCustomer, ({ deps, auth, params }) =>
  getCustomer(deps, { organizationId: auth.organizationId, customerId: params.customerId }),
);
