import type { Alongside } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { newId } from '#shared/ids.ts';
import { DELIVERY_CHANGED, DELIVERY_NOT_FOUND } from '#shared/webhooks/delivery-rules.ts';
import { takeEndpointSend } from '#shared/webhooks/endpoint-limits.ts';
import { getDelivery, getWebhookEndpoint, requestRedelivery } from '#shared/webhooks/repository.ts';
import { ENDPOINT_NOT_FOUND } from '#shared/webhooks/require-webhook-endpoint.ts';
import { toWebhookDelivery, type WebhookDelivery } from '#shared/webhooks/schemas.ts';

/**
 * Redelivers now: a pending delivery is brought forward, a delivered or failed one gets one attempt more.
 * The request travels the outbox like an event, so it is never lost between "accepted" and "sent".
 */
export async function retryWebhookDelivery(
  deps: Deps,
  input: { organizationId: string; deliveryId: string },
  audit?: Alongside,
): Promise<WebhookDelivery> {
  const delivery = await getDelivery(deps.db, input.organizationId, input.deliveryId);
  if (!delivery) throw DELIVERY_NOT_FOUND.error();
  if (!(await getWebhookEndpoint(deps.db, input.organizationId, delivery.endpointId))) {
    throw ENDPOINT_NOT_FOUND.error();
  }
  await takeEndpointSend(deps, 'redelivery', input.organizationId, delivery.endpointId);
  const audited = audit?.(delivery.deliveryId, { endpointId: delivery.endpointId }) ?? [];
  const requested = await requestRedelivery(deps.db, delivery, { requestId: newId(), now: deps.clock.now() }, audited);
  if (!requested) throw DELIVERY_CHANGED.error();
  return toWebhookDelivery(requested);
}
