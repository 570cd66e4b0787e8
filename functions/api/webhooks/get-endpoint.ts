import { apiHandler } from '#shared/http/api-handler.ts';
import { requireWebhookEndpoint } from '#shared/webhooks/require-webhook-endpoint.ts';
import { routes } from '#shared/webhooks/routes.ts';
import { toWebhookEndpoint } from '#shared/webhooks/schemas.ts';

export const handler = apiHandler(routes.getWebhookEndpoint, async ({ deps, auth, params }) =>
  toWebhookEndpoint(await requireWebhookEndpoint(deps, auth.organizationId, params.endpointId)),
);
