import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { routes } from '#shared/customers/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.sandboxApproveKyc, ({ deps, auth, params, body }) =>
  approveKyc(deps, { organizationId: auth.organizationId, customerId: params.customerId, ...body }),
);
