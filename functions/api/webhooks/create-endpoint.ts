import { apiHandler } from '#shared/http/api-handler.ts';
import { createWebhookEndpoint } from '#shared/webhooks/create-webhook-endpoint.ts';
import { routes } from '#shared/webhooks/routes.ts';

export const handler = apiHandler(routes.createWebhookEndpoint, ({ deps, auth, body }) =>
  createWebhookEndpoint(deps, auth, body),
);
