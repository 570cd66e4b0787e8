import { rejectVirtualAccount } from '#shared/deposits/reject-virtual-account.ts';
import { routes } from '#shared/deposits/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.sandboxRejectVirtualAccount, ({ deps, auth, params, body }) =>
  rejectVirtualAccount(deps, { organizationId: auth.organizationId, ...params, reason: body.reason }),
);
