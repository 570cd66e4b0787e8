import { auditedAs } from '#shared/console/common/console-rules.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { removeWebhookEndpoint } from '#shared/webhooks/remove-webhook-endpoint.ts';
import { routes } from '#shared/webhooks/routes.ts';

export const handler = apiHandler(routes.deleteWebhookEndpoint, ({ deps, auth, actor, params }) =>
  removeWebhookEndpoint(
    deps,
    auth.organizationId,
    params.endpointId,
    auditedAs(deps, actor, 'webhook_endpoint.deleted'),
  ),
);
