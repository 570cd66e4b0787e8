import { getKycAddress } from '#shared/customers/get-kyc-address.ts';
import { routes } from '#shared/customers/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.getKycAddress, ({ deps, auth, params }) =>
  getKycAddress(deps, { organizationId: auth.organizationId, customerId: params.customerId }),
);
