import { approveBank } from '#shared/banks/approve-bank.ts';
import { registeredBankRoutes } from '#shared/banks/registered-bank-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(registeredBankRoutes.sandboxApproveWithdrawalBank, ({ deps, auth, params }) =>
  approveBank(deps, { organizationId: auth.organizationId, ...params }),
);
