import { auditedAs } from '#shared/console/common/console-rules.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { retryWebhookDelivery } from '#shared/webhooks/retry-webhook-delivery.ts';
import { routes } from '#shared/webhooks/routes.ts';

export const handler = apiHandler(routes.retryWebhookDelivery, ({ deps, auth, actor, params }) =>
  retryWebhookDelivery(
    deps,
    { organizationId: auth.organizationId, deliveryId: params.deliveryId },
    auditedAs(deps, actor, 'webhook_delivery.retried'),
  ),
);
