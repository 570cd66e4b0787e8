import { createCustomer } from '#shared/customers/create-customer.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/http/routes.ts';

export const handler = apiHandler(routes.createCustomer, ({ deps, auth, body }) =>
  createCustomer(deps, { organizationId: auth.organizationId, ...body }),
);
