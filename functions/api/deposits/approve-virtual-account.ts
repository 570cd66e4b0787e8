import { approveVirtualAccount } from '#shared/deposits/approve-virtual-account.ts';
import { depositAccountRoutes } from '#shared/deposits/deposit-account-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(depositAccountRoutes.sandboxApproveVirtualAccount, ({ deps, auth, params }) =>
  approveVirtualAccount(deps, { organizationId: auth.organizationId, ...params }),
);
