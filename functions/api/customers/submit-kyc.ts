import { routes } from '#shared/customers/routes.ts';
import { submitKyc } from '#shared/customers/submit-kyc.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.submitKyc, ({ deps, auth, params }) =>
  submitKyc(deps, { organizationId: auth.organizationId, customerId: params.customerId }),
);
