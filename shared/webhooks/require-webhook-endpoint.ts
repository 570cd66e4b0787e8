import type { Deps } from '#shared/deps.ts';
import { refusal } from '#shared/errors.ts';
import { getWebhookEndpoint } from '#shared/webhooks/repository.ts';

export const ENDPOINT_NOT_FOUND = refusal(404, 'Webhook endpoint not found');

/** The organization's endpoint, or the 404 that another organization's endpoint also gets. */
export async function requireWebhookEndpoint(deps: Deps, organizationId: string, endpointId: string) {
  const endpoint = await getWebhookEndpoint(deps.db, organizationId, endpointId);
  if (!endpoint) throw ENDPOINT_NOT_FOUND.error();
  return endpoint;
}
