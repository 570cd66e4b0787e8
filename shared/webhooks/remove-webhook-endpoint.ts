import type { Alongside } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { deleteWebhookEndpoint } from '#shared/webhooks/repository.ts';
import { ENDPOINT_NOT_FOUND } from '#shared/webhooks/require-webhook-endpoint.ts';

export async function removeWebhookEndpoint(deps: Deps, organizationId: string, endpointId: string, audit?: Alongside) {
  if (!(await deleteWebhookEndpoint(deps.db, organizationId, endpointId, audit?.(endpointId) ?? []))) {
    throw ENDPOINT_NOT_FOUND.error();
  }
  return { success: true as const };
}
