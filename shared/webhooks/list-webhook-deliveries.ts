import type { Page } from '#shared/db/pagination.ts';
import type { Deps } from '#shared/deps.ts';
import { listDeliveriesOfEndpoint } from '#shared/webhooks/repository.ts';
import { requireWebhookEndpoint } from '#shared/webhooks/require-webhook-endpoint.ts';
import { toWebhookDelivery, type WebhookDelivery } from '#shared/webhooks/schemas.ts';

export async function listWebhookDeliveries(
  deps: Deps,
  input: { organizationId: string; endpointId: string; limit: number; cursor?: string | undefined },
): Promise<Page<WebhookDelivery>> {
  await requireWebhookEndpoint(deps, input.organizationId, input.endpointId);
  const page = await listDeliveriesOfEndpoint(deps.db, input.organizationId, input.endpointId, input);
  return { items: page.items.map(toWebhookDelivery), nextCursor: page.nextCursor };
}
