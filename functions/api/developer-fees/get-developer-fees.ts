import { getDeveloperFees } from '#shared/developer-fees/get-developer-fees.ts';
import { routes } from '#shared/developer-fees/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.getDeveloperFees, ({ deps, auth }) =>
  getDeveloperFees(deps, auth.organizationId),
);
