import type { Alongside } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { NotFoundError } from '#shared/errors.ts';
import { deleteWebhookEndpoint } from '#shared/webhooks/repository.ts';

export async function removeWebhookEndpoint(deps: Deps, organizationId: string, endpointId: string, audit?: Alongside) {
  if (!(await deleteWebhookEndpoint(deps.db, organizationId, endpointId, audit?.(endpointId) ?? []))) {
    throw new NotFoundError('Webhook endpoint not found');
  }
  return { success: true as const };
}
