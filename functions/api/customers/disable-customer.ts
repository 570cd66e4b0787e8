import { disableCustomer } from '#shared/customers/disable-customer.ts';
import { routes } from '#shared/customers/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.disableCustomer, ({ deps, auth, params, body }) =>
  disableCustomer(deps, { organizationId: auth.organizationId, ...params, reason: body.reason }),
);
