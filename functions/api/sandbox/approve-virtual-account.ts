import { routes } from '#shared/deposits/routes.ts';
import { approveVirtualAccount } from '#shared/deposits/virtual-account-use-cases.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.sandboxApproveVirtualAccount, ({ deps, auth, params }) =>
  approveVirtualAccount(deps, { organizationId: auth.organizationId, ...params }),
);
