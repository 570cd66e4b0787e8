import type { Alongside } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { assertReceiverUrl, type Caller, changeEndpoint } from '#shared/webhooks/endpoint-rules.ts';
import type { EndpointRecord } from '#shared/webhooks/records.ts';
import { requireWebhookEndpoint } from '#shared/webhooks/require-webhook-endpoint.ts';
import { toWebhookEndpoint, type UpdateEndpointInput, type WebhookEndpoint } from '#shared/webhooks/schemas.ts';

export async function updateWebhookEndpoint(
  deps: Deps,
  caller: Caller,
  endpointId: string,
  input: UpdateEndpointInput,
  audit?: Alongside,
): Promise<WebhookEndpoint> {
  if (input.url !== undefined) assertReceiverUrl(input.url, caller.organization);
  const changes: Partial<EndpointRecord> = {};
  if (input.url !== undefined) changes.url = input.url;
  if (input.eventTypes !== undefined) changes.eventTypes = input.eventTypes;
  if (input.description !== undefined) changes.description = input.description;
  if (Object.keys(changes).length === 0) {
    return toWebhookEndpoint(await requireWebhookEndpoint(deps, caller.organizationId, endpointId));
  }
  return toWebhookEndpoint(await changeEndpoint(deps, caller, endpointId, () => changes, audit));
}
