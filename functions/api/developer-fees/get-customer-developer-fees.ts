import { getCustomerDeveloperFees } from '#shared/developer-fees/get-customer-developer-fees.ts';
import { routes } from '#shared/developer-fees/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.getCustomerDeveloperFees, ({ deps, auth, params }) =>
  getCustomerDeveloperFees(deps, { organizationId: auth.organizationId, ...params }),
);
