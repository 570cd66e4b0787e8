import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/http/routes.ts';
import { removeWebhookEndpoint } from '#shared/webhooks/remove-webhook-endpoint.ts';

export const handler = apiHandler(routes.deleteWebhookEndpoint, ({ deps, auth, params }) =>
  removeWebhookEndpoint(deps, auth.organizationId, params.endpointId),
);
