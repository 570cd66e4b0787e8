import { auditedAs } from '#shared/console/common/console-rules.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/webhooks/routes.ts';
import { updateWebhookEndpoint } from '#shared/webhooks/update-webhook-endpoint.ts';

export const handler = apiHandler(routes.updateWebhookEndpoint, ({ deps, auth, actor, params, body }) =>
  updateWebhookEndpoint(deps, auth, params.endpointId, body, auditedAs(deps, actor, 'webhook_endpoint.updated')),
);
