import { approveVirtualAccount } from '#shared/deposits/approve-virtual-account.ts';
import { routes } from '#shared/deposits/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.sandboxApproveVirtualAccount, ({ deps, auth, params }) =>
  approveVirtualAccount(deps, { organizationId: auth.organizationId, ...params }),
);
