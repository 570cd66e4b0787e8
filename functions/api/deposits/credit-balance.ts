import { creditBalance } from '#shared/deposits/credit-balance.ts';
import { routes } from '#shared/deposits/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.sandboxCreditBalance, ({ deps, auth, params, body }) =>
  creditBalance(deps, { organizationId: auth.organizationId, customerId: params.customerId, amount: body.amount }),
);
