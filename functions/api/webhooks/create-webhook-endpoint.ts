import { auditedAs } from '#shared/console/common/console-rules.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { createWebhookEndpoint } from '#shared/webhooks/create-webhook-endpoint.ts';
import { routes } from '#shared/webhooks/routes.ts';

export const handler = apiHandler(routes.createWebhookEndpoint, ({ deps, auth, actor, body }) =>
  createWebhookEndpoint(deps, auth, body, auditedAs(deps, actor, 'webhook_endpoint.created')),
);
