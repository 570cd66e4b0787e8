import { apiHandler } from '#shared/http/api-handler.ts';
import { pageReply } from '#shared/http/pagination.ts';
import { routes } from '#shared/http/routes.ts';
import { listWebhookEndpoints } from '#shared/webhooks/list-webhook-endpoints.ts';

export const handler = apiHandler(routes.listWebhookEndpoints, async ({ deps, auth, query, event }) =>
  pageReply(event, await listWebhookEndpoints(deps, { organizationId: auth.organizationId, ...query })),
);
