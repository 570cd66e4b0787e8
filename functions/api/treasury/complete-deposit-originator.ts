import { apiHandler } from '#shared/http/api-handler.ts';
import { completeDepositOriginator } from '#shared/treasury/complete-deposit-originator.ts';
import { routes } from '#shared/treasury/routes.ts';

export const handler = apiHandler(routes.completeDepositOriginator, ({ deps, auth, params, body }) =>
  completeDepositOriginator(deps, {
    organizationId: auth.organizationId,
    ...params,
    ...body,
    completedBy: `apiKey:${auth.apiKeyId ?? 'unknown'}`,
  }),
);
