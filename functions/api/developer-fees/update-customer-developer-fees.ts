import { routes } from '#shared/developer-fees/routes.ts';
import { updateCustomerDeveloperFees } from '#shared/developer-fees/update-customer-developer-fees.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.updateCustomerDeveloperFees, ({ deps, auth, params, body }) =>
  updateCustomerDeveloperFees(deps, { organizationId: auth.organizationId, ...params, ...body }),
);
