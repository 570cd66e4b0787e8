import { depositAccountRoutes } from '#shared/deposits/deposit-account-routes.ts';
import { rejectVirtualAccount } from '#shared/deposits/reject-virtual-account.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(depositAccountRoutes.sandboxRejectVirtualAccount, ({ deps, auth, params, body }) =>
  rejectVirtualAccount(deps, { organizationId: auth.organizationId, ...params, reason: body.reason }),
);
