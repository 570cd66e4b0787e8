import { rejectKyc } from '#shared/customers/reject-kyc.ts';
import { routes } from '#shared/customers/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.sandboxRejectKyc, ({ deps, auth, params }) =>
  rejectKyc(deps, { organizationId: auth.organizationId, customerId: params.customerId }),
);
