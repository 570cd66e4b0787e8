import { getBank } from '#shared/banks/get-bank.ts';
import { registeredBankRoutes } from '#shared/banks/registered-bank-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(registeredBankRoutes.getWithdrawalBank, ({ deps, auth, params }) =>
  getBank(deps, { organizationId: auth.organizationId, ...params }),
);
