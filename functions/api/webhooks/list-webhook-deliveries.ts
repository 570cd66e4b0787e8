import { apiHandler } from '#shared/http/api-handler.ts';
import { pageReply } from '#shared/http/pagination.ts';
import { listWebhookDeliveries } from '#shared/webhooks/list-webhook-deliveries.ts';
import { routes } from '#shared/webhooks/routes.ts';

export const handler = apiHandler(routes.listWebhookDeliveries, async ({ deps, auth, params, query, event }) =>
  pageReply(
    event,
    await listWebhookDeliveries(deps, { organizationId: auth.organizationId, endpointId: params.endpointId, ...query }),
  ),
);
