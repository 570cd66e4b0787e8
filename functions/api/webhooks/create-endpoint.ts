import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/http/routes.ts';
import { createWebhookEndpoint } from '#shared/webhooks/create-webhook-endpoint.ts';

export const handler = apiHandler(routes.createWebhookEndpoint, ({ deps, auth, body }) =>
  createWebhookEndpoint(deps, auth, body),
);
