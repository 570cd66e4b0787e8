import { claimDeveloperFees } from '#shared/developer-fees/claim-developer-fees.ts';
import { routes } from '#shared/developer-fees/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.claimDeveloperFees, ({ deps, auth, body }) =>
  claimDeveloperFees(deps, { organizationId: auth.organizationId, amount: body.amount }),
);
