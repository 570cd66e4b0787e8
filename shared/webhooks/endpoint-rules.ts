import type { Alongside } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { FieldError, refusal } from '#shared/errors.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { policyFor, urlProblem } from '#shared/webhooks/address-guard.ts';
import type { EndpointRecord } from '#shared/webhooks/records.ts';
import { replaceWebhookEndpoint, WebhookEndpointChangedError } from '#shared/webhooks/repository.ts';
import { requireWebhookEndpoint } from '#shared/webhooks/require-webhook-endpoint.ts';

export const ENDPOINT_CHANGED = refusal(409, 'Webhook endpoint changed concurrently, please retry');

export type Caller = { organizationId: string; organization: Organization };

/**
 * The save-time check of a receiver URL (400 naming `url`). The API always applies the contract's sandbox rule
 * (loopback allowed); the sender applies the deployment's stricter one at every attempt.
 */
export function assertReceiverUrl(url: string, organization: Organization) {
  const problem = urlProblem(new URL(url), policyFor(organization.environment, true));
  if (problem) throw new FieldError('url', problem);
}

/** Applies `change` to the endpoint as read; a concurrent change is a 409, a concurrent delete a 404. */
export async function changeEndpoint(
  deps: Deps,
  caller: Caller,
  endpointId: string,
  change: (endpoint: EndpointRecord, now: Date) => Partial<EndpointRecord>,
  audit?: Alongside,
): Promise<EndpointRecord> {
  const endpoint = await requireWebhookEndpoint(deps, caller.organizationId, endpointId);
  const now = deps.clock.now();
  const updated: EndpointRecord = {
    ...endpoint,
    ...change(endpoint, now),
    updatedAt: now.toISOString(),
    version: endpoint.version + 1,
  };
  try {
    await replaceWebhookEndpoint(deps.db, updated, audit?.(endpointId, { url: updated.url }) ?? []);
  } catch (error) {
    if (!(error instanceof WebhookEndpointChangedError)) throw error;
    await requireWebhookEndpoint(deps, caller.organizationId, endpointId);
    throw ENDPOINT_CHANGED.error();
  }
  return updated;
}
