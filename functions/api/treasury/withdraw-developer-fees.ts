import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/treasury/routes.ts';
import { withdrawDeveloperFees } from '#shared/treasury/withdraw-developer-fees.ts';

export const handler = apiHandler(routes.withdrawDeveloperFees, ({ deps, auth, body }) =>
  withdrawDeveloperFees(deps, {
    organizationId: auth.organizationId,
    ...body,
    requestedBy: auth.apiKeyId ? `api-key:${auth.apiKeyId}` : 'api-key',
  }),
);
