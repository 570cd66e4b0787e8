import { requireCustomer } from '#shared/customers/require-customer.ts';
import { routes } from '#shared/customers/routes.ts';
import { toCustomer } from '#shared/customers/schemas.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.getCustomer, async ({ deps, auth, params }) =>
  toCustomer(await requireCustomer(deps, auth.organizationId, params.customerId)),
);
