import type { Page } from '#shared/db/pagination.ts';
import type { Deps } from '#shared/deps.ts';
import { ConflictError, FieldError, NotFoundError } from '#shared/errors.ts';
import { eventRecord } from '#shared/events/outbox.ts';
import { newId } from '#shared/ids.ts';
import type { Organization } from '#shared/organizations/organization.ts';
import { policyFor, urlProblem } from '#shared/webhooks/address-guard.ts';
import {
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  insertTestEvent,
  insertWebhookEndpoint,
  listWebhookEndpointsOfOrganization,
  replaceWebhookEndpoint,
  WebhookEndpointChangedError,
} from '#shared/webhooks/repository.ts';
import {
  type CreateEndpointInput,
  type EndpointRecord,
  toWebhookEndpoint,
  type UpdateEndpointInput,
  type WebhookEndpoint,
} from '#shared/webhooks/schemas.ts';
import { generateSecret } from '#shared/webhooks/signing.ts';

/** After a rotation the old secret keeps signing this long, so receivers can switch without losing events. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

type Caller = { organizationId: string; organization: Organization };

/**
 * The save-time check of a receiver URL (400 naming `url`). The API always applies the contract's sandbox rule
 * (loopback allowed); the sender applies the deployment's stricter one at every attempt.
 */
function assertReceiverUrl(url: string, organization: Organization) {
  const problem = urlProblem(new URL(url), policyFor(organization.environment, true));
  if (problem) throw new FieldError('url', problem);
}

export async function createWebhookEndpoint(
  deps: Deps,
  caller: Caller,
  input: CreateEndpointInput,
): Promise<WebhookEndpoint & { secret: string }> {
  assertReceiverUrl(input.url, caller.organization);
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
  await insertWebhookEndpoint(deps.db, record);
  return { ...toWebhookEndpoint(record), secret: record.signing.secret };
}

/** The organization's endpoint, or the 404 that another organization's endpoint also gets. */
export async function requireWebhookEndpoint(deps: Deps, organizationId: string, endpointId: string) {
  const endpoint = await getWebhookEndpoint(deps.db, organizationId, endpointId);
  if (!endpoint) throw new NotFoundError('Webhook endpoint not found');
  return endpoint;
}

export async function listWebhookEndpoints(
  deps: Deps,
  input: { organizationId: string; limit: number; cursor?: string | undefined },
): Promise<Page<WebhookEndpoint>> {
  const page = await listWebhookEndpointsOfOrganization(deps.db, input.organizationId, input);
  return { items: page.items.map(toWebhookEndpoint), nextCursor: page.nextCursor };
}

/** Applies `change` to the endpoint as read; a concurrent change is a 409, a concurrent delete a 404. */
async function changeEndpoint(
  deps: Deps,
  caller: Caller,
  endpointId: string,
  change: (endpoint: EndpointRecord, now: Date) => Partial<EndpointRecord>,
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
    await replaceWebhookEndpoint(deps.db, updated);
  } catch (error) {
    if (!(error instanceof WebhookEndpointChangedError)) throw error;
    await requireWebhookEndpoint(deps, caller.organizationId, endpointId);
    throw new ConflictError('Webhook endpoint changed concurrently, please retry');
  }
  return updated;
}

export async function updateWebhookEndpoint(
  deps: Deps,
  caller: Caller,
  endpointId: string,
  input: UpdateEndpointInput,
): Promise<WebhookEndpoint> {
  if (input.url !== undefined) assertReceiverUrl(input.url, caller.organization);
  const changes: Partial<EndpointRecord> = {};
  if (input.url !== undefined) changes.url = input.url;
  if (input.eventTypes !== undefined) changes.eventTypes = input.eventTypes;
  if (input.description !== undefined) changes.description = input.description;
  if (Object.keys(changes).length === 0) {
    return toWebhookEndpoint(await requireWebhookEndpoint(deps, caller.organizationId, endpointId));
  }
  return toWebhookEndpoint(await changeEndpoint(deps, caller, endpointId, () => changes));
}

export async function removeWebhookEndpoint(deps: Deps, organizationId: string, endpointId: string) {
  if (!(await deleteWebhookEndpoint(deps.db, organizationId, endpointId))) {
    throw new NotFoundError('Webhook endpoint not found');
  }
  return { success: true as const };
}

/** A new secret; the one it replaces keeps signing for 24 hours (only the latest previous one is kept). */
export async function rotateWebhookSecret(
  deps: Deps,
  caller: Caller,
  endpointId: string,
): Promise<WebhookEndpoint & { secret: string }> {
  const updated = await changeEndpoint(deps, caller, endpointId, (endpoint, now) => ({
    signing: {
      secret: generateSecret(),
      previous: {
        secret: endpoint.signing.secret,
        expiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString(),
      },
    },
  }));
  return { ...toWebhookEndpoint(updated), secret: updated.signing.secret };
}

/** Sends `webhook.test` to this endpoint only, through the same outbox, stream, bus and queue as every event. */
export async function sendTestEvent(deps: Deps, organizationId: string, endpointId: string) {
  await requireWebhookEndpoint(deps, organizationId, endpointId);
  const event = {
    ...eventRecord({ organizationId, type: 'webhook.test', data: {}, now: deps.clock.now() }),
    targetEndpointId: endpointId,
  };
  if (!(await insertTestEvent(deps.db, { organizationId, endpointId, event }))) {
    throw new NotFoundError('Webhook endpoint not found');
  }
  return { eventId: event.envelope.event_id, eventType: 'webhook.test' as const };
}
