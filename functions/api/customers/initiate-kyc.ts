import { routes } from '#shared/customers/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { startKyc } from '#shared/kyc/start-kyc.ts';

export const handler = apiHandler(routes.initiateKyc, ({ deps, auth, params }) =>
  startKyc(deps, { organization: auth.organization, customerId: params.customerId }),
);
