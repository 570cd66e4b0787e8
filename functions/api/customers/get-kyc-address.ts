import { getKycAddress } from '#shared/customers/get-kyc-address.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/http/routes.ts';

export const handler = apiHandler(routes.getKycAddress, ({ deps, auth, params }) =>
  getKycAddress(deps, { organizationId: auth.organizationId, customerId: params.customerId }),
);
