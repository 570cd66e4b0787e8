import { createHash } from 'node:crypto';
import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';
import { ATTEMPT_LEASE_DEFAULT_S } from '#shared/config/env.ts';
import type { EventEnvelope } from '#shared/events/contracts.ts';
import {
  BusEventSchema,
  EVENT_SOURCE,
  PublishedEventDetailSchema,
  REDELIVERY_DETAIL_TYPE,
  RedeliveryDetailSchema,
  WEBHOOK_SOURCE,
} from '#shared/events/routing.ts';
import { log } from '#shared/log.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { getOrganization } from '#shared/organizations/repository.ts';
import * as z from '#shared/validation/zod.ts';
import { policyFor } from '#shared/webhooks/address-guard.ts';
import type { DeliveryResult } from '#shared/webhooks/http-delivery.ts';
import type { DeliveryRecord, EndpointRecord } from '#shared/webhooks/records.ts';
import {
  allWebhookEndpointsOfOrganization,
  claimDeliveryAttempt,
  createDeliveryOnce,
  getDelivery,
  getWebhookEndpoint,
  markEventDispatched,
  recordDeliveryOutcome,
} from '#shared/webhooks/repository.ts';
import { attemptsOf, nextAttemptAt, queueDelaySeconds } from '#shared/webhooks/retry-schedule.ts';
import type { SenderDeps } from '#shared/webhooks/sender-deps.ts';
import { webhookHeaders } from '#shared/webhooks/signing.ts';

/**
 * A claimed attempt owns its delivery this long by default (`WEBHOOK_ATTEMPT_LEASE_S`); if the sender dies
 * mid-attempt, the next try comes after it.
 */
export const ATTEMPT_LEASE_MS = ATTEMPT_LEASE_DEFAULT_S * 1000;
/** Queue delays are whole seconds; a message this close to its due time is treated as due. */
const DUE_TOLERANCE_MS = 500;

/** The message the sender puts on its own queue for one delivery (first try, retry, or a hop of a long wait). */
const DeliveryMessageSchema = z.object({
  kind: z.literal('delivery'),
  organizationId: z.string(),
  deliveryId: z.string(),
});
type DeliveryRef = Omit<z.infer<typeof DeliveryMessageSchema>, 'kind'>;

const deliveryMessage = (ref: DeliveryRef) =>
  JSON.stringify({ kind: 'delivery', organizationId: ref.organizationId, deliveryId: ref.deliveryId });

/**
 * One delivery per (event, endpoint): its id derives from both (UUID-shaped, version 4 bits set), so every
 * copy of a queue message computes the same one and the conditional create finds it.
 */
export function deliveryIdFor(eventId: string, endpointId: string): string {
  const hex = createHash('sha256').update(`${eventId}:${endpointId}`).digest('hex');
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The body every attempt of this event sends: the envelope, keys in the contract's order. */
export const payloadOf = (envelope: EventEnvelope): string =>
  JSON.stringify({
    event_id: envelope.event_id,
    event_type: envelope.event_type,
    created_at: envelope.created_at,
    api_version: envelope.api_version,
    org_id: envelope.org_id,
    data: envelope.data,
  });

/**
 * Whether an endpoint takes an event: it subscribes to the type (or to all), and it existed when the event
 * happened, so a replayed stream never sends an old event to an endpoint created after it.
 */
export const subscribes = (endpoint: EndpointRecord, envelope: EventEnvelope): boolean =>
  envelope.event_type !== 'webhook.test' &&
  (endpoint.eventTypes === null || endpoint.eventTypes.includes(envelope.event_type)) &&
  endpoint.createdAt <= envelope.created_at;

/**
 * Creates the event's deliveries (once, however often the message comes) and makes their first attempts at once,
 * in this invocation: each delivery is created already claimed by this message, so a first attempt costs no queue
 * round trip, no read and no claim (the path from event to receipt is one queue hop). A delivery an earlier copy
 * created is left to whoever carries it, except one this very message claimed before its sender died (the message
 * came back) or one never attempted: those get a queue message, due when the lease runs out.
 */
export async function fanOut(
  deps: SenderDeps,
  input: { envelope: EventEnvelope; endpointId?: string | undefined },
  messageId: string,
) {
  const { envelope } = input;
  const organizationId = envelope.org_id;
  const [endpoints, organization] = await Promise.all([
    input.endpointId
      ? getWebhookEndpoint(deps.db, organizationId, input.endpointId).then((e) => (e ? [e] : []))
      : allWebhookEndpointsOfOrganization(deps.db, organizationId).then((all) =>
          all.filter((e) => subscribes(e, envelope)),
        ),
    getOrganization(deps.db, organizationId),
  ]);
  const now = deps.clock.now();
  const at = now.toISOString();
  const payload = payloadOf(envelope);
  const stored = await Promise.all(
    endpoints.map(async (endpoint) => {
      const claimed: DeliveryRecord = {
        deliveryId: deliveryIdFor(envelope.event_id, endpoint.endpointId),
        organizationId,
        endpointId: endpoint.endpointId,
        eventId: envelope.event_id,
        eventType: envelope.event_type,
        payload,
        status: 'PENDING',
        attempts: 1,
        allowedAttempts: attemptsOf(deps.events.retrySchedule),
        lastAttemptAt: at,
        nextAttemptAt: new Date(now.getTime() + deps.events.attemptLeaseMs).toISOString(),
        lastResponseStatus: null,
        lastError: null,
        attemptLog: [],
        leasedBy: messageId,
        createdAt: at,
        updatedAt: at,
      };
      const delivery = await createDeliveryOnce(deps.db, claimed);
      // The very record passed in comes back when this call created it.
      return { endpoint, delivery, created: delivery === claimed };
    }),
  );
  const orphaned = stored
    .map(({ delivery, created }) => (created ? undefined : delivery))
    .filter((d) => d?.status === 'PENDING' && (d.attempts === 0 || d.leasedBy === messageId))
    .filter((d) => d !== undefined);
  await Promise.all([
    ...stored
      .filter(({ created }) => created)
      .map(({ endpoint, delivery }) => attemptClaimed(deps, delivery, { endpoint, organization }, now)),
    orphaned.length
      ? deps.queue.send(
          orphaned.map((d) => ({
            body: deliveryMessage(d),
            delaySeconds: queueDelaySeconds(new Date(d.nextAttemptAt ?? at), now),
          })),
        )
      : undefined,
    markEventDispatched(deps.db, envelope.event_id, now),
  ]);
}

const signingSecrets = (endpoint: EndpointRecord, now: Date): string[] => {
  const { secret, previous } = endpoint.signing;
  return previous && Date.parse(previous.expiresAt) > now.getTime() ? [secret, previous.secret] : [secret];
};

type Receiver = { endpoint: EndpointRecord | undefined; organization: Organization | undefined };

async function send(
  deps: SenderDeps,
  delivery: DeliveryRecord,
  { endpoint, organization }: Receiver,
  now: Date,
): Promise<DeliveryResult & { final: boolean }> {
  if (!endpoint || !organization) {
    return { ok: false, status: null, error: 'Endpoint deleted', durationMs: 0, final: true };
  }
  const result = await deps.deliver({
    url: endpoint.url,
    body: delivery.payload,
    headers: webhookHeaders({
      id: delivery.eventId,
      timestamp: Math.floor(now.getTime() / 1000),
      body: delivery.payload,
      secrets: signingSecrets(endpoint, now),
    }),
    policy: policyFor(organization.environment, deps.events.sandboxLoopback),
  });
  return { ...result, final: false };
}

/** One claimed attempt: the request, its outcome, and the message for the next attempt when there is one. */
async function attemptClaimed(deps: SenderDeps, claimed: DeliveryRecord, receiver: Receiver, now: Date) {
  const result = await send(deps, claimed, receiver, now);
  const finished = deps.clock.now();
  const next =
    result.ok || result.final
      ? undefined
      : nextAttemptAt({
          schedule: deps.events.retrySchedule,
          attemptsMade: claimed.attempts,
          allowedAttempts: claimed.allowedAttempts,
          now: finished,
        });
  const status = result.ok ? 'DELIVERED' : next ? 'PENDING' : 'FAILED';
  const recorded = await recordDeliveryOutcome(deps.db, claimed, {
    status,
    nextAttemptAt: next,
    now: finished,
    attempt: {
      attempt: claimed.attempts,
      at: now.toISOString(),
      responseStatus: result.status,
      error: result.error,
      durationMs: result.durationMs,
    },
  });
  log.info('webhook attempt', {
    deliveryId: claimed.deliveryId,
    endpointId: claimed.endpointId,
    eventType: claimed.eventType,
    attempt: claimed.attempts,
    status,
    responseStatus: result.status,
    error: result.error,
    durationMs: result.durationMs,
    recorded,
  });
  if (recorded && next) {
    await deps.queue.send([{ body: deliveryMessage(claimed), delaySeconds: queueDelaySeconds(next, finished) }]);
  }
}

/**
 * Handles one delivery message (a retry, a hop of a long wait, a manual redelivery): nothing if the delivery is
 * settled, another hop if it is not due yet, otherwise one attempt.
 */
export async function attemptDelivery(deps: SenderDeps, ref: DeliveryRef, messageId: string): Promise<void> {
  const delivery = await getDelivery(deps.db, ref.organizationId, ref.deliveryId);
  if (delivery?.status !== 'PENDING') return;
  const now = deps.clock.now();
  const due = new Date(delivery.nextAttemptAt ?? now.toISOString());
  if (due.getTime() - now.getTime() > DUE_TOLERANCE_MS) {
    // Another message's attempt is in flight, and that message carries the delivery on; a duplicate steps aside.
    // Our own lease means our earlier try died mid-attempt: wait for the lease to run out, then try again.
    if (delivery.leasedBy && delivery.leasedBy !== messageId) return;
    await deps.queue.send([{ body: deliveryMessage(delivery), delaySeconds: queueDelaySeconds(due, now) }]);
    return;
  }
  const [claimed, endpoint, organization] = await Promise.all([
    claimDeliveryAttempt(deps.db, delivery, {
      now,
      leaseUntil: new Date(now.getTime() + deps.events.attemptLeaseMs),
      messageId,
    }),
    getWebhookEndpoint(deps.db, delivery.organizationId, delivery.endpointId),
    getOrganization(deps.db, delivery.organizationId),
  ]);
  // Another copy of this message took the attempt; its message carries the delivery on.
  if (!claimed) return;
  await attemptClaimed(deps, claimed, { endpoint, organization }, now);
}

export class UnknownMessageError extends Error {}

/** Routes one queue message: a bus event (fan out, or a manual redelivery) or the sender's own delivery message. */
export async function handleWebhookMessage(
  deps: SenderDeps,
  message: { messageId: string; body: string },
): Promise<void> {
  const parsed: unknown = JSON.parse(message.body);
  const own = DeliveryMessageSchema.safeParse(parsed);
  if (own.success) return attemptDelivery(deps, own.data, message.messageId);
  const event = BusEventSchema.parse(parsed);
  if (event.source === EVENT_SOURCE) {
    return fanOut(deps, PublishedEventDetailSchema.parse(event.detail), message.messageId);
  }
  if (event.source === WEBHOOK_SOURCE && event['detail-type'] === REDELIVERY_DETAIL_TYPE) {
    return attemptDelivery(deps, RedeliveryDetailSchema.parse(event.detail), message.messageId);
  }
  throw new UnknownMessageError(`No handler for ${event.source} / ${event['detail-type']}`);
}

/**
 * The queue consumer, with partial batch failures: a message whose handling failed (database, queue) stays on
 * the queue and comes back; the others are done. A receiver's failure is not one of these: it is recorded on
 * the delivery, which schedules its own retry.
 */
export async function handleWebhookBatch(deps: SenderDeps, records: readonly SQSRecord[]): Promise<SQSBatchResponse> {
  const results = await Promise.allSettled(records.map((record) => handleWebhookMessage(deps, record)));
  const batchItemFailures = results.flatMap((result, i) => {
    if (result.status === 'fulfilled') return [];
    const messageId = records[i]?.messageId ?? '';
    log.error('webhook message failed, it will come back', { messageId, error: result.reason });
    return [{ itemIdentifier: messageId }];
  });
  return { batchItemFailures };
}
