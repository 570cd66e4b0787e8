import { initiateKyc } from '#shared/customers/initiate-kyc.ts';
import { routes } from '#shared/customers/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.initiateKyc, ({ deps, auth, params }) =>
  initiateKyc(deps, { organizationId: auth.organizationId, customerId: params.customerId }),
);
