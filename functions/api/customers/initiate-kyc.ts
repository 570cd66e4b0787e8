import { initiateKyc } from '#shared/customers/initiate-kyc.ts';
import { routes } from '#shared/customers/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { hostedFlowFor } from '#shared/kyc/hosted-flow.ts';

export const handler = apiHandler(routes.initiateKyc, async ({ deps, auth, params }) =>
  initiateKyc(deps, {
    organizationId: auth.organizationId,
    customerId: params.customerId,
    hostedFlow: await hostedFlowFor(deps, auth.organization),
  }),
);
