import { approveVirtualAccount } from '#shared/deposits/approve-virtual-account.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/http/routes.ts';

export const handler = apiHandler(routes.sandboxApproveVirtualAccount, ({ deps, auth, params }) =>
  approveVirtualAccount(deps, { organizationId: auth.organizationId, ...params }),
);
