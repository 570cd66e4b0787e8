import { apiHandler } from '#shared/http/api-handler.ts';
import { updateWebhookEndpoint } from '#shared/webhooks/endpoint-use-cases.ts';
import { routes } from '#shared/webhooks/routes.ts';

export const handler = apiHandler(routes.updateWebhookEndpoint, ({ deps, auth, params, body }) =>
  updateWebhookEndpoint(deps, auth, params.endpointId, body),
);
