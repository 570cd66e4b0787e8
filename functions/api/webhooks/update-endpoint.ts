import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/webhooks/routes.ts';
import { updateWebhookEndpoint } from '#shared/webhooks/update-webhook-endpoint.ts';

export const handler = apiHandler(routes.updateWebhookEndpoint, ({ deps, auth, params, body }) =>
  updateWebhookEndpoint(deps, auth, params.endpointId, body),
);
