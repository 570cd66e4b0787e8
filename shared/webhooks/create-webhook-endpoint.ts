import type { Alongside } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { newId } from '#shared/ids.ts';
import { assertEndpointCapacity } from '#shared/webhooks/endpoint-limits.ts';
import { assertReceiverUrl, type Caller } from '#shared/webhooks/endpoint-rules.ts';
import type { EndpointRecord } from '#shared/webhooks/records.ts';
import { insertWebhookEndpoint } from '#shared/webhooks/repository.ts';
import { type CreateEndpointInput, toWebhookEndpoint, type WebhookEndpoint } from '#shared/webhooks/schemas.ts';
import { generateSecret } from '#shared/webhooks/signing.ts';

export async function createWebhookEndpoint(
  deps: Deps,
  caller: Caller,
  input: CreateEndpointInput,
  /** The console's audit entry when a member creates it through their session. */
  audit?: Alongside,
): Promise<WebhookEndpoint & { secret: string }> {
  assertReceiverUrl(input.url, caller.organization);
  await assertEndpointCapacity(deps, caller.organizationId);
  const now = deps.clock.now().toISOString();
  const record: EndpointRecord = {
    endpointId: newId(),
    organizationId: caller.organizationId,
    url: input.url,
    description: input.description ?? null,
    eventTypes: input.eventTypes ?? null,
    signing: { secret: generateSecret(), previous: null },
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  await insertWebhookEndpoint(deps.db, record, audit?.(record.endpointId, { url: record.url }) ?? []);
  return { ...toWebhookEndpoint(record), secret: record.signing.secret };
}
