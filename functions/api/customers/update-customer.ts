import { routes } from '#shared/customers/routes.ts';
import { updateCustomer } from '#shared/customers/update-customer.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.updateCustomer, ({ deps, auth, params, body }) =>
  updateCustomer(deps, { organizationId: auth.organizationId, ...params, ...body }),
);
