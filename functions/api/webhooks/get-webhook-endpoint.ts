import { apiHandler } from '#shared/http/api-handler.ts';
import { getWebhookEndpoint } from '#shared/webhooks/get-webhook-endpoint.ts';
import { routes } from '#shared/webhooks/routes.ts';

export const handler = apiHandler(routes.getWebhookEndpoint, ({ deps, auth, params }) =>
  getWebhookEndpoint(deps, { organizationId: auth.organizationId, endpointId: params.endpointId }),
);
