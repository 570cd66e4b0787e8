import { randomUUID } from 'node:crypto';
import { parseEventsConfig } from '#shared/config/env.ts';
import { eventRecord } from '#shared/events/outbox.ts';
import type { DeliveryRequest, DeliveryResult } from '#shared/webhooks/http-delivery.ts';
import type { QueueMessage } from '#shared/webhooks/queue.ts';
import { handleWebhookMessage } from '#shared/webhooks/send-webhooks.ts';
import type { SenderDeps } from '#shared/webhooks/sender-deps.ts';
import { integrationDeps } from '#test/support/deps.ts';

/**
 * The sender's dependencies over the run's DynamoDB Local, with the outside world faked: a clock the test
 * moves, a queue that records what is put on it, and a receiver that answers what the test says.
 */
export function senderTestDeps(options: { schedule?: string; answer?: (request: DeliveryRequest) => number } = {}) {
  const base = integrationDeps();
  let now = new Date();
  const queued: QueueMessage[] = [];
  const requests: DeliveryRequest[] = [];
  let answer = options.answer ?? (() => 200);
  const deps: SenderDeps = {
    ...base,
    clock: { now: () => new Date(now) },
    events: parseEventsConfig({ WEBHOOK_RETRY_SCHEDULE: options.schedule ?? '1,1' }),
    queue: {
      send: async (messages) => {
        queued.push(...messages);
      },
    },
    deliver: async (request): Promise<DeliveryResult> => {
      requests.push(request);
      const status = answer(request);
      const ok = status >= 200 && status < 300;
      return { ok, status, error: ok ? null : `HTTP ${status}`, durationMs: 1 };
    },
  };
  return {
    deps,
    queued,
    requests,
    advance: (seconds: number) => {
      now = new Date(now.getTime() + seconds * 1000);
    },
    answerWith: (fn: (request: DeliveryRequest) => number) => {
      answer = fn;
    },
    /** Takes the queued messages (as the queue hands them out) and forgets them. */
    drain: () => queued.splice(0),
  };
}

/**
 * Hands `body` to the sender as the queue does: as a message of its own (a fresh message id); `receiveCount`
 * above 1 for a message that comes back.
 */
export const receive = (deps: SenderDeps, body: string, receiveCount = 1) =>
  handleWebhookMessage(deps, { messageId: randomUUID(), body, receiveCount });

/** A queue message as the bus rule puts it on the webhook queue: the whole EventBridge event. */
export function busEventMessage(
  envelope: ReturnType<typeof eventRecord>['envelope'],
  extra: { endpointId?: string } = {},
): string {
  return JSON.stringify({
    version: '0',
    id: randomUUID(),
    source: 'payouts',
    'detail-type': envelope.event_type,
    time: envelope.created_at,
    detail: { envelope, ...extra },
  });
}

export const customerCreated = (organizationId: string, now: Date) =>
  eventRecord({ organizationId, type: 'customer.created', data: { customer_id: randomUUID() }, now });
