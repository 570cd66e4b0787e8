import { apiHandler } from '#shared/http/api-handler.ts';
import { creditBalance } from '#shared/withdrawals/credit-balance.ts';
import { routes } from '#shared/withdrawals/routes.ts';

export const handler = apiHandler(routes.sandboxCreditBalance, ({ deps, auth, params, body }) =>
  creditBalance(deps, { organizationId: auth.organizationId, customerId: params.customerId, amount: body.amount }),
);
