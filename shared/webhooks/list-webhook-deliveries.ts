import type { Page } from '#shared/db/pagination.ts';
import type { Deps } from '#shared/deps.ts';
import {
  getDeletedWebhookEndpoint,
  getWebhookEndpoint,
  listDeliveriesOfEndpoint,
} from '#shared/webhooks/repository.ts';
import { ENDPOINT_NOT_FOUND } from '#shared/webhooks/require-webhook-endpoint.ts';
import { toWebhookDelivery, type WebhookDelivery } from '#shared/webhooks/schemas.ts';

/**
 * An endpoint's deliveries, newest first; a deleted endpoint's too, for as long as they are kept (its history is
 * the organization's record of what it was sent). Another organization's endpoint, deleted or not, is a 404.
 */
export async function listWebhookDeliveries(
  deps: Deps,
  input: { organizationId: string; endpointId: string; limit: number; cursor?: string | undefined },
): Promise<Page<WebhookDelivery>> {
  const { organizationId, endpointId } = input;
  const known =
    (await getWebhookEndpoint(deps.db, organizationId, endpointId)) ??
    (await getDeletedWebhookEndpoint(deps.db, organizationId, endpointId));
  if (!known) throw ENDPOINT_NOT_FOUND.error();
  const page = await listDeliveriesOfEndpoint(deps.db, organizationId, endpointId, input);
  return { items: page.items.map(toWebhookDelivery), nextCursor: page.nextCursor };
}
