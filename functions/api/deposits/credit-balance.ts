import { creditBalance } from '#shared/deposits/credit-balance.ts';
import { balanceCreditRoutes } from '#shared/deposits/deposit-account-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(balanceCreditRoutes.sandboxCreditBalance, ({ deps, auth, params, body }) =>
  creditBalance(deps, { organizationId: auth.organizationId, customerId: params.customerId, amount: body.amount }),
);
