import { requireCustomer } from '#shared/customers/require-customer.ts';
import { toCustomer } from '#shared/customers/schemas.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/http/routes.ts';

export const handler = apiHandler(routes.getCustomer, async ({ deps, auth, params }) =>
  toCustomer(await requireCustomer(deps, auth.organizationId, params.customerId)),
);
