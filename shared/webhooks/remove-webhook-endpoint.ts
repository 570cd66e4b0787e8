import type { Alongside } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { ENDPOINT_CHANGED } from '#shared/webhooks/endpoint-rules.ts';
import { deleteWebhookEndpoint } from '#shared/webhooks/repository.ts';
import { requireWebhookEndpoint } from '#shared/webhooks/require-webhook-endpoint.ts';

/** Reads before giving up when the endpoint keeps changing between the read and the delete. */
const ATTEMPTS = 3;

/**
 * Deletes the endpoint: nothing more is sent to it (its pending deliveries fail), and its delivery history stays
 * readable to its organization for as long as deliveries are kept. Deleted meanwhile: 404.
 */
export async function removeWebhookEndpoint(deps: Deps, organizationId: string, endpointId: string, audit?: Alongside) {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const endpoint = await requireWebhookEndpoint(deps, organizationId, endpointId);
    if (await deleteWebhookEndpoint(deps.db, endpoint, deps.clock.now(), audit?.(endpointId) ?? [])) {
      return { success: true as const };
    }
  }
  throw ENDPOINT_CHANGED.error();
}
