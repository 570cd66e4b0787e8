import { apiHandler } from '#shared/http/api-handler.ts';
import { retryWebhookDelivery } from '#shared/webhooks/retry-webhook-delivery.ts';
import { routes } from '#shared/webhooks/routes.ts';

export const handler = apiHandler(routes.retryWebhookDelivery, ({ deps, auth, params }) =>
  retryWebhookDelivery(deps, { organizationId: auth.organizationId, deliveryId: params.deliveryId }),
);
