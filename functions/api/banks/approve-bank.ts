import { approveBank } from '#shared/banks/approve-bank.ts';
import { routes } from '#shared/banks/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.sandboxApproveWithdrawalBank, ({ deps, auth, params }) =>
  approveBank(deps, { organizationId: auth.organizationId, ...params }),
);
