import type { Deps } from '#shared/deps.ts';
import { NotFoundError } from '#shared/errors.ts';
import { getWebhookEndpoint } from '#shared/webhooks/repository.ts';

/** The organization's endpoint, or the 404 that another organization's endpoint also gets. */
export async function requireWebhookEndpoint(deps: Deps, organizationId: string, endpointId: string) {
  const endpoint = await getWebhookEndpoint(deps.db, organizationId, endpointId);
  if (!endpoint) throw new NotFoundError('Webhook endpoint not found');
  return endpoint;
}
