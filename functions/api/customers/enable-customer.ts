import { enableCustomer } from '#shared/customers/enable-customer.ts';
import { routes } from '#shared/customers/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.enableCustomer, ({ deps, auth, params }) =>
  enableCustomer(deps, { organizationId: auth.organizationId, ...params }),
);
