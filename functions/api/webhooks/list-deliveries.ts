import { apiHandler } from '#shared/http/api-handler.ts';
import { pageReply } from '#shared/http/pagination.ts';
import { routes } from '#shared/http/routes.ts';
import { listWebhookDeliveries } from '#shared/webhooks/list-webhook-deliveries.ts';

export const handler = apiHandler(routes.listWebhookDeliveries, async ({ deps, auth, params, query, event }) =>
  pageReply(
    event,
    await listWebhookDeliveries(deps, { organizationId: auth.organizationId, endpointId: params.endpointId, ...query }),
  ),
);
