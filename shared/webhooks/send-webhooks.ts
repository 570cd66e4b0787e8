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
import type { Attempt, DeliveryRecord, DeliveryStatus, EndpointRecord } from '#shared/webhooks/records.ts';
import {
  allWebhookEndpointsOfOrganization,
  claimDeliveryAttempt,
  getDelivery,
  getWebhookEndpoint,
  recordDeliveryOutcome,
  recordFirstAttempt,
  storedDeliveries,
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
export const subscribes = (
  endpoint: Pick<EndpointRecord, 'eventTypes' | 'createdAt'>,
  envelope: EventEnvelope,
): boolean =>
  envelope.event_type !== 'webhook.test' &&
  (endpoint.eventTypes === null || endpoint.eventTypes.includes(envelope.event_type)) &&
  endpoint.createdAt <= envelope.created_at;

/**
 * What the messages of one batch share: an organization's endpoints and record, read once per batch. Every event
 * of the batch was stored before the batch was received, so an endpoint saved before an event is in the list (the
 * Query is strongly consistent), and `subscribes` leaves out the ones saved after it.
 */
export type BatchReads = {
  endpointsOf: (organizationId: string) => Promise<EndpointRecord[]>;
  organization: (organizationId: string) => Promise<Organization | undefined>;
};

export function batchReads(deps: SenderDeps): BatchReads {
  const endpoints = new Map<string, Promise<EndpointRecord[]>>();
  const organizations = new Map<string, Promise<Organization | undefined>>();
  const once = <T>(cache: Map<string, Promise<T>>, id: string, read: () => Promise<T>) => {
    const cached = cache.get(id) ?? read();
    cache.set(id, cached);
    return cached;
  };
  return {
    endpointsOf: (id) => once(endpoints, id, () => allWebhookEndpointsOfOrganization(deps.db, id)),
    organization: (id) => once(organizations, id, () => getOrganization(deps.db, id)),
  };
}

/** A queue message as the sender sees it; `receiveCount` above 1 means it came back (its handling died or failed). */
export type SenderMessage = { messageId: string; body: string; receiveCount?: number };

/**
 * Makes the first attempt of each of the event's deliveries at once, then stores each delivery with that attempt's
 * outcome in one conditional Put (per delivery one write, one queue hop from event to receipt). Until the Put,
 * the event's queue message is the record: if the sender dies first, the message comes back and the attempt is
 * made again (at least once; the receiver deduplicates on `webhook-id`). A message that came back first reads
 * which deliveries a previous receipt stored: those are not sent again, and a pending one gets a queue message for
 * its due time (its retry message may have died with the sender; a duplicate loses the attempt's claim).
 */
export async function fanOut(
  deps: SenderDeps,
  input: { envelope: EventEnvelope; endpointId?: string | undefined },
  message: SenderMessage,
  reads: BatchReads = batchReads(deps),
) {
  const { envelope } = input;
  const organizationId = envelope.org_id;
  const [all, organization] = await Promise.all([
    reads.endpointsOf(organizationId),
    reads.organization(organizationId),
  ]);
  const endpoints = input.endpointId
    ? all.filter((e) => e.endpointId === input.endpointId)
    : all.filter((e) => subscribes(e, envelope));
  const idOf = (endpoint: EndpointRecord) => deliveryIdFor(envelope.event_id, endpoint.endpointId);
  const stored =
    (message.receiveCount ?? 1) > 1 ? await storedDeliveries(deps.db, organizationId, endpoints.map(idOf)) : [];
  const now = deps.clock.now();
  const pending = stored.filter((d) => d.status === 'PENDING');
  const at = now.toISOString();
  const payload = payloadOf(envelope);
  await Promise.all([
    ...endpoints
      .filter((endpoint) => !stored.some((d) => d.endpointId === endpoint.endpointId))
      .map((endpoint) => {
        const unsent: DeliveryRecord = {
          deliveryId: idOf(endpoint),
          organizationId,
          endpointId: endpoint.endpointId,
          eventId: envelope.event_id,
          eventType: envelope.event_type,
          payload,
          status: 'PENDING',
          attempts: 1,
          allowedAttempts: attemptsOf(deps.events.retrySchedule),
          lastAttemptAt: at,
          nextAttemptAt: null,
          lastResponseStatus: null,
          lastError: null,
          attemptLog: [],
          leasedBy: null,
          createdAt: at,
          updatedAt: at,
        };
        return attemptFirst(deps, unsent, { endpoint, organization }, now);
      }),
    pending.length
      ? deps.queue.send(
          pending.map((d) => ({
            body: deliveryMessage(d),
            delaySeconds: queueDelaySeconds(new Date(d.nextAttemptAt ?? at), now),
          })),
        )
      : undefined,
  ]);
}

/** The first attempt, then the delivery stored with its outcome, and the message for the next attempt if any. */
async function attemptFirst(deps: SenderDeps, unsent: DeliveryRecord, receiver: Receiver, now: Date) {
  const result = await send(deps, unsent, receiver, now);
  const { status, next, attempt, finished } = outcomeOf(deps, unsent, result, now);
  const delivery: DeliveryRecord = {
    ...unsent,
    status,
    nextAttemptAt: next?.toISOString() ?? null,
    lastResponseStatus: result.status,
    lastError: result.error,
    attemptLog: [attempt],
    updatedAt: finished.toISOString(),
  };
  const recorded = (await recordFirstAttempt(deps.db, delivery)) === delivery;
  logAttempt(delivery, result, recorded);
  if (recorded && next) {
    await deps.queue.send([{ body: deliveryMessage(delivery), delaySeconds: queueDelaySeconds(next, finished) }]);
  }
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

/** What an attempt's result makes of a delivery: its status, when the next attempt is due, the log entry. */
function outcomeOf(deps: SenderDeps, delivery: DeliveryRecord, result: DeliveryResult & { final: boolean }, now: Date) {
  const finished = deps.clock.now();
  const next =
    result.ok || result.final
      ? undefined
      : nextAttemptAt({
          schedule: deps.events.retrySchedule,
          attemptsMade: delivery.attempts,
          allowedAttempts: delivery.allowedAttempts,
          now: finished,
        });
  const status: DeliveryStatus = result.ok ? 'DELIVERED' : next ? 'PENDING' : 'FAILED';
  const attempt: Attempt = {
    attempt: delivery.attempts,
    at: now.toISOString(),
    responseStatus: result.status,
    error: result.error,
    durationMs: result.durationMs,
  };
  return { status, next, attempt, finished };
}

function logAttempt(delivery: DeliveryRecord, result: DeliveryResult, recorded: boolean) {
  log.info('webhook attempt', {
    deliveryId: delivery.deliveryId,
    endpointId: delivery.endpointId,
    eventType: delivery.eventType,
    attempt: delivery.attempts,
    status: delivery.status,
    responseStatus: result.status,
    error: result.error,
    durationMs: result.durationMs,
    recorded,
  });
}

/** One claimed attempt (a retry): the request, its outcome, and the message for the next attempt when there is one. */
async function attemptClaimed(deps: SenderDeps, claimed: DeliveryRecord, receiver: Receiver, now: Date) {
  const result = await send(deps, claimed, receiver, now);
  const { status, next, attempt, finished } = outcomeOf(deps, claimed, result, now);
  const recorded = await recordDeliveryOutcome(deps.db, claimed, {
    status,
    nextAttemptAt: next,
    now: finished,
    attempt,
  });
  logAttempt({ ...claimed, status }, result, recorded);
  if (recorded && next) {
    await deps.queue.send([{ body: deliveryMessage(claimed), delaySeconds: queueDelaySeconds(next, finished) }]);
  }
}

/**
 * Handles one delivery message (a retry, a hop of a long wait, a manual redelivery): nothing if the delivery is
 * settled, another hop if it is not due yet, otherwise one attempt.
 */
export async function attemptDelivery(
  deps: SenderDeps,
  ref: DeliveryRef,
  messageId: string,
  reads: BatchReads = batchReads(deps),
): Promise<void> {
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
    reads.organization(delivery.organizationId),
  ]);
  // Another copy of this message took the attempt; its message carries the delivery on.
  if (!claimed) return;
  await attemptClaimed(deps, claimed, { endpoint, organization }, now);
}

export class UnknownMessageError extends Error {}

/** Routes one queue message: a bus event (fan out, or a manual redelivery) or the sender's own delivery message. */
export async function handleWebhookMessage(
  deps: SenderDeps,
  message: SenderMessage,
  reads: BatchReads = batchReads(deps),
): Promise<void> {
  const parsed: unknown = JSON.parse(message.body);
  const own = DeliveryMessageSchema.safeParse(parsed);
  if (own.success) return attemptDelivery(deps, own.data, message.messageId, reads);
  const event = BusEventSchema.parse(parsed);
  if (event.source === EVENT_SOURCE) {
    return fanOut(deps, PublishedEventDetailSchema.parse(event.detail), message, reads);
  }
  if (event.source === WEBHOOK_SOURCE && event['detail-type'] === REDELIVERY_DETAIL_TYPE) {
    return attemptDelivery(deps, RedeliveryDetailSchema.parse(event.detail), message.messageId, reads);
  }
  throw new UnknownMessageError(`No handler for ${event.source} / ${event['detail-type']}`);
}

/**
 * The queue consumer, with partial batch failures: a message whose handling failed (database, queue) stays on
 * the queue and comes back; the others are done. A receiver's failure is not one of these: it is recorded on
 * the delivery, which schedules its own retry.
 */
export async function handleWebhookBatch(deps: SenderDeps, records: readonly SQSRecord[]): Promise<SQSBatchResponse> {
  const reads = batchReads(deps);
  const results = await Promise.allSettled(
    records.map((record) =>
      handleWebhookMessage(
        deps,
        { ...record, receiveCount: Number(record.attributes?.ApproximateReceiveCount) || 1 },
        reads,
      ),
    ),
  );
  const batchItemFailures = results.flatMap((result, i) => {
    if (result.status === 'fulfilled') return [];
    const messageId = records[i]?.messageId ?? '';
    log.error('webhook message failed, it will come back', { messageId, error: result.reason });
    return [{ itemIdentifier: messageId }];
  });
  return { batchItemFailures };
}
