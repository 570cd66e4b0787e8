import { registeredBankRoutes } from '#shared/banks/registered-bank-routes.ts';
import { rejectBank } from '#shared/banks/reject-bank.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(registeredBankRoutes.sandboxRejectWithdrawalBank, ({ deps, auth, params, body }) =>
  rejectBank(deps, { organizationId: auth.organizationId, ...params, reason: body.reason }),
);
