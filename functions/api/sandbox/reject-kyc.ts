import { rejectKyc } from '#shared/customers/reject-kyc.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/http/routes.ts';

export const handler = apiHandler(routes.sandboxRejectKyc, ({ deps, auth, params }) =>
  rejectKyc(deps, { organizationId: auth.organizationId, customerId: params.customerId }),
);
