import type { Deps } from '#shared/deps.ts';
import { requireWebhookEndpoint } from '#shared/webhooks/require-webhook-endpoint.ts';
import { toWebhookEndpoint, type WebhookEndpoint } from '#shared/webhooks/schemas.ts';

/** `GET /webhooks/endpoints/{endpointId}`: one endpoint, its secret left out; another organization's is not found. */
export const getWebhookEndpoint = async (
  deps: Deps,
  input: { organizationId: string; endpointId: string },
): Promise<WebhookEndpoint> =>
  toWebhookEndpoint(await requireWebhookEndpoint(deps, input.organizationId, input.endpointId));
