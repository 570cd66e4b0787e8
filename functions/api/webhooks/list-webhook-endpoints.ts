import { apiHandler } from '#shared/http/api-handler.ts';
import { pageReply } from '#shared/http/pagination.ts';
import { listWebhookEndpoints } from '#shared/webhooks/list-webhook-endpoints.ts';
import { routes } from '#shared/webhooks/routes.ts';

export const handler = apiHandler(routes.listWebhookEndpoints, async ({ deps, auth, query, event }) =>
  pageReply(event, await listWebhookEndpoints(deps, { organizationId: auth.organizationId, ...query })),
);
