import type { Alongside } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { eventRecord } from '#shared/events/outbox.ts';
import { takeEndpointSend } from '#shared/webhooks/endpoint-limits.ts';
import { insertTestEvent } from '#shared/webhooks/repository.ts';
import { ENDPOINT_NOT_FOUND, requireWebhookEndpoint } from '#shared/webhooks/require-webhook-endpoint.ts';

/** Sends `webhook.test` to this endpoint only (a few a minute: shared/webhooks/endpoint-limits.ts), through the same outbox, stream, bus and queue as every event. */
export async function sendTestEvent(deps: Deps, organizationId: string, endpointId: string, audit?: Alongside) {
  await requireWebhookEndpoint(deps, organizationId, endpointId);
  await takeEndpointSend(deps, 'test', organizationId, endpointId);
  const event = {
    ...eventRecord({ organizationId, type: 'webhook.test', data: {}, now: deps.clock.now() }),
    targetEndpointId: endpointId,
  };
  const audited = audit?.(endpointId, { eventId: event.envelope.event_id }) ?? [];
  if (!(await insertTestEvent(deps.db, { organizationId, endpointId, event }, audited))) {
    throw ENDPOINT_NOT_FOUND.error();
  }
  return { eventId: event.envelope.event_id, eventType: 'webhook.test' as const };
}
