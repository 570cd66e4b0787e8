import { createCustomer } from '#shared/customers/create-customer.ts';
import { routes } from '#shared/customers/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.createCustomer, ({ deps, auth, body }) =>
  createCustomer(deps, { organizationId: auth.organizationId, ...body }),
);
