import { apiHandler, rawRequest } from '#shared/http/api-handler.ts';
import { receiveProviderWebhook } from '#shared/kyc/receive-provider-webhook.ts';
import { routes } from '#shared/kyc/routes.ts';

export const handler = apiHandler(routes.receiveKycProviderWebhook, ({ deps, params, event }) =>
  receiveProviderWebhook(deps, { provider: params.provider, ...rawRequest(event) }),
);
