import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/http/routes.ts';

export const handler = apiHandler(routes.sandboxApproveKyc, ({ deps, auth, params, body }) =>
  approveKyc(deps, { organizationId: auth.organizationId, customerId: params.customerId, ...body }),
);
