import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { eventRecord } from '#shared/events/outbox.ts';
import { createWebhookEndpoint } from '#shared/webhooks/create-webhook-endpoint.ts';
import { removeWebhookEndpoint } from '#shared/webhooks/remove-webhook-endpoint.ts';
import { claimDeliveryAttempt, getDelivery, listDeliveriesOfEndpoint } from '#shared/webhooks/repository.ts';
import { retryWebhookDelivery } from '#shared/webhooks/retry-webhook-delivery.ts';
import { rotateWebhookSecret } from '#shared/webhooks/rotate-webhook-secret.ts';
import type { CreateEndpointInput } from '#shared/webhooks/schemas.ts';
import { ATTEMPT_LEASE_MS, deliveryIdFor, handleWebhookMessage } from '#shared/webhooks/send-webhooks.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { busEventMessage, customerCreated, receive, senderTestDeps } from '#test/support/webhooks/sender.ts';

async function givenOrgWithEndpoints(
  deps: ReturnType<typeof senderTestDeps>['deps'],
  inputs: Partial<CreateEndpointInput>[],
) {
  const org = await givenOrganization(deps);
  const endpoints = [];
  for (const input of inputs) {
    endpoints.push(await createWebhookEndpoint(deps, org, { url: 'http://127.0.0.1:9/hook', ...input }));
  }
  return { org, endpoints };
}

const deliveriesOf = async (deps: ReturnType<typeof senderTestDeps>['deps'], orgId: string, endpointId: string) =>
  (await listDeliveriesOfEndpoint(deps.db, orgId, endpointId, { limit: 50 })).items;

describe('webhook sender against DynamoDB Local', () => {
  it('sends each subscribed endpoint the event at once and stores one delivery per endpoint, with its attempt', async () => {
    const t = senderTestDeps();
    const { org, endpoints } = await givenOrgWithEndpoints(t.deps, [
      {},
      { eventTypes: ['customer.created'] },
      { eventTypes: ['customer.kyc.approved'] },
    ]);
    const event = customerCreated(org.organizationId, t.deps.clock.now());
    t.advance(1);
    const lateEndpoint = await createWebhookEndpoint(t.deps, org, { url: 'http://127.0.0.1:9/late' });

    await receive(t.deps, busEventMessage(event.envelope));

    const counts = await Promise.all(
      [...endpoints, lateEndpoint].map(async (e) => (await deliveriesOf(t.deps, org.organizationId, e.id)).length),
    );
    expect(counts).toEqual([1, 1, 0, 0]);
    expect(t.requests.map((r) => r.url).sort()).toEqual(
      endpoints
        .slice(0, 2)
        .map((e) => e.url)
        .sort(),
    );
    expect(t.queued).toEqual([]);
    for (const endpoint of endpoints.slice(0, 2)) {
      const deliveryId = deliveryIdFor(event.envelope.event_id, endpoint.id);
      const delivery = await getDelivery(t.deps.db, org.organizationId, deliveryId);
      expect(delivery).toMatchObject({ status: 'DELIVERED', attempts: 1, leasedBy: null, lastResponseStatus: 200 });
      expect(delivery?.attemptLog.map((a) => [a.attempt, a.responseStatus])).toEqual([[1, 200]]);
    }
  });

  it('keeps one delivery per endpoint however concurrently the event arrives, and sends nothing again when it comes back', async () => {
    const t = senderTestDeps();
    const { org, endpoints } = await givenOrgWithEndpoints(t.deps, [{}, {}]);
    const event = customerCreated(org.organizationId, t.deps.clock.now());
    const message = busEventMessage(event.envelope);

    // SQS may hand out copies of one message at once (rarely): each may send, one attempt is recorded.
    await Promise.all([1, 2, 3].map(() => receive(t.deps, message)));
    const sentByCopies = t.requests.length;
    await receive(t.deps, message, 2);

    for (const endpoint of endpoints) {
      expect(await deliveriesOf(t.deps, org.organizationId, endpoint.id)).toHaveLength(1);
      expect(t.requests.filter((r) => r.url === endpoint.url).length).toBeGreaterThanOrEqual(1);
    }
    expect(t.requests).toHaveLength(sentByCopies);
    expect(t.queued).toEqual([]);
  });

  it('attempts once however many copies of a delivery message arrive at the same time', async () => {
    const t = senderTestDeps({ answer: () => 500 });
    const { org } = await givenOrgWithEndpoints(t.deps, [{}]);
    await receive(t.deps, busEventMessage(customerCreated(org.organizationId, t.deps.clock.now()).envelope));
    const [message] = t.drain();
    t.answerWith(() => 200);
    t.advance(1);

    await Promise.all(Array.from({ length: 5 }, () => receive(t.deps, message?.body ?? '')));

    expect(t.requests).toHaveLength(2);
    const { deliveryId } = JSON.parse(message?.body ?? '{}');
    expect(await getDelivery(t.deps.db, org.organizationId, deliveryId)).toMatchObject({
      status: 'DELIVERED',
      attempts: 2,
      lastResponseStatus: 200,
      nextAttemptAt: null,
    });
    expect(t.queued).toEqual([]);
  });

  it('tries again after the lease when an attempt died with its sender, while other copies step aside', async () => {
    const t = senderTestDeps({ answer: () => 500 });
    const { org } = await givenOrgWithEndpoints(t.deps, [{}]);
    await receive(t.deps, busEventMessage(customerCreated(org.organizationId, t.deps.clock.now()).envelope));
    const body = t.drain()[0]?.body ?? '';
    t.answerWith(() => 200);
    t.advance(1);
    const { deliveryId } = JSON.parse(body);
    const delivery = await getDelivery(t.deps.db, org.organizationId, deliveryId);
    if (!delivery) throw new Error('no delivery');
    // The sender handling message m-1 claims the attempt, then dies before sending.
    await claimDeliveryAttempt(t.deps.db, delivery, {
      now: t.deps.clock.now(),
      leaseUntil: new Date(t.deps.clock.now().getTime() + ATTEMPT_LEASE_MS),
      messageId: 'm-1',
    });

    await handleWebhookMessage(t.deps, { messageId: 'm-2', body });
    const afterCopy = t.drain();
    await handleWebhookMessage(t.deps, { messageId: 'm-1', body });
    const afterReturn = t.drain();
    t.advance(ATTEMPT_LEASE_MS / 1000);
    await receive(t.deps, afterReturn[0]?.body ?? '');

    expect(afterCopy).toEqual([]);
    expect(afterReturn).toEqual([{ body, delaySeconds: ATTEMPT_LEASE_MS / 1000 }]);
    expect(t.requests).toHaveLength(2);
    expect(await getDelivery(t.deps.db, org.organizationId, deliveryId)).toMatchObject({
      status: 'DELIVERED',
      attempts: 3,
      leasedBy: null,
    });
  });

  it('makes a first attempt that died with its sender again when its event message comes back', async () => {
    const t = senderTestDeps();
    const { org, endpoints } = await givenOrgWithEndpoints(t.deps, [{}]);
    const event = customerCreated(org.organizationId, t.deps.clock.now());
    const body = busEventMessage(event.envelope);
    t.answerWith(() => {
      throw new Error('the sender died mid-attempt');
    });
    await expect(handleWebhookMessage(t.deps, { messageId: 'm-1', body })).rejects.toThrow('died');
    const deliveryId = deliveryIdFor(event.envelope.event_id, endpoints[0]?.id ?? '');
    const afterDeath = await getDelivery(t.deps.db, org.organizationId, deliveryId);
    t.answerWith(() => 200);

    await handleWebhookMessage(t.deps, { messageId: 'm-1', body, receiveCount: 2 });

    expect(afterDeath).toBeUndefined();
    expect(t.requests).toHaveLength(2);
    expect(t.queued).toEqual([]);
    expect(await getDelivery(t.deps.db, org.organizationId, deliveryId)).toMatchObject({
      status: 'DELIVERED',
      attempts: 1,
    });
  });

  it('queues the retry of a stored first attempt again when its sender died before queuing it', async () => {
    const t = senderTestDeps({ answer: () => 500 });
    const { org, endpoints } = await givenOrgWithEndpoints(t.deps, [{}]);
    const event = customerCreated(org.organizationId, t.deps.clock.now());
    const body = busEventMessage(event.envelope);
    const queue = t.deps.queue;
    t.deps.queue = {
      send: async () => {
        throw new Error('the sender died before queuing the retry');
      },
    };
    await expect(handleWebhookMessage(t.deps, { messageId: 'm-1', body })).rejects.toThrow('died');
    t.deps.queue = queue;

    await handleWebhookMessage(t.deps, { messageId: 'm-1', body, receiveCount: 2 });
    const requeued = t.drain();
    t.advance(1);
    t.answerWith(() => 200);
    await receive(t.deps, requeued[0]?.body ?? '');

    const deliveryId = deliveryIdFor(event.envelope.event_id, endpoints[0]?.id ?? '');
    expect(requeued.map((m) => [JSON.parse(m.body).deliveryId, m.delaySeconds])).toEqual([[deliveryId, 1]]);
    expect(t.requests).toHaveLength(2);
    expect(await getDelivery(t.deps.db, org.organizationId, deliveryId)).toMatchObject({
      status: 'DELIVERED',
      attempts: 2,
    });
  });

  it('retries on the schedule through delayed messages, waits when early, and fails after the last attempt', async () => {
    const t = senderTestDeps({ schedule: '1,2', answer: () => 500 });
    const { org, endpoints } = await givenOrgWithEndpoints(t.deps, [{}]);
    await receive(t.deps, busEventMessage(customerCreated(org.organizationId, t.deps.clock.now()).envelope));
    const send = async () => {
      const [message] = t.drain();
      await receive(t.deps, message?.body ?? '');
      return t.queued.map((m) => m.delaySeconds);
    };

    expect(t.queued.map((m) => m.delaySeconds)).toEqual([1]);
    expect(await send()).toEqual([1]); // not due yet: the message hops again, nothing is sent
    expect(t.requests).toHaveLength(1);
    t.advance(1);
    expect(await send()).toEqual([2]);
    t.advance(2);
    expect(await send()).toEqual([]);

    const [delivery] = await deliveriesOf(t.deps, org.organizationId, endpoints[0]?.id ?? '');
    expect(t.requests).toHaveLength(3);
    expect(delivery).toMatchObject({ status: 'FAILED', attempts: 3, nextAttemptAt: null, lastResponseStatus: 500 });
    expect(delivery?.attemptLog.map((a) => [a.attempt, a.responseStatus, a.error])).toEqual([
      [1, 500, 'HTTP 500'],
      [2, 500, 'HTTP 500'],
      [3, 500, 'HTTP 500'],
    ]);
  });

  it('gives a failed delivery exactly one attempt more on a manual retry', async () => {
    const t = senderTestDeps({ schedule: '1', answer: () => 500 });
    const { org } = await givenOrgWithEndpoints(t.deps, [{}]);
    const event = customerCreated(org.organizationId, t.deps.clock.now());
    await receive(t.deps, busEventMessage(event.envelope));
    const deliveryId = JSON.parse(t.queued[0]?.body ?? '{}').deliveryId;
    t.advance(1);
    await receive(t.deps, t.drain()[0]?.body ?? '');
    expect(await getDelivery(t.deps.db, org.organizationId, deliveryId)).toMatchObject({
      status: 'FAILED',
      attempts: 2,
    });

    const accepted = await retryWebhookDelivery(t.deps, { organizationId: org.organizationId, deliveryId });
    t.answerWith(() => 503);
    await receive(
      t.deps,
      JSON.stringify({
        id: 'bus-1',
        source: 'payouts.webhooks',
        'detail-type': 'webhook.redelivery',
        time: new Date().toISOString(),
        detail: { organizationId: org.organizationId, deliveryId },
      }),
    );

    expect(accepted).toMatchObject({ status: 'PENDING', attempts: 2 });
    expect(await getDelivery(t.deps.db, org.organizationId, deliveryId)).toMatchObject({
      status: 'FAILED',
      attempts: 3,
      lastResponseStatus: 503,
    });
    expect(t.queued).toEqual([]);
  });

  it("signs with the endpoint's secret, and for 24 hours after a rotation with the previous one too", async () => {
    const t = senderTestDeps();
    const { org, endpoints } = await givenOrgWithEndpoints(t.deps, [{}]);
    const first = endpoints[0];
    if (!first) throw new Error('no endpoint');
    const rotated = await rotateWebhookSecret(t.deps, org, first.id);
    const deliverOne = async () => {
      await receive(t.deps, busEventMessage(customerCreated(org.organizationId, t.deps.clock.now()).envelope));
      const request = t.requests.at(-1);
      if (!request) throw new Error('nothing sent');
      return { ...request, verifyWith: (secret: string) => new Webhook(secret).verify(request.body, request.headers) };
    };

    const during = await deliverOne();
    t.advance(25 * 3600);
    const after = await deliverOne();

    expect(during.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(() => during.verifyWith(rotated.secret)).not.toThrow();
    expect(() => during.verifyWith(first.secret)).not.toThrow();
    expect(after.headers['webhook-signature']?.split(' ')).toHaveLength(1);
    expect(after.headers['webhook-timestamp']).toBe(String(Math.floor(t.deps.clock.now().getTime() / 1000)));
  });

  it("fails a deleted endpoint's pending delivery without sending it anywhere", async () => {
    const t = senderTestDeps({ answer: () => 500 });
    const { org, endpoints } = await givenOrgWithEndpoints(t.deps, [{}]);
    await receive(t.deps, busEventMessage(customerCreated(org.organizationId, t.deps.clock.now()).envelope));
    const [message] = t.drain();
    await removeWebhookEndpoint(t.deps, org.organizationId, endpoints[0]?.id ?? '');
    t.advance(1);

    await receive(t.deps, message?.body ?? '');

    const { deliveryId } = JSON.parse(message?.body ?? '{}');
    expect(t.requests).toHaveLength(1);
    expect(await getDelivery(t.deps.db, org.organizationId, deliveryId)).toMatchObject({
      status: 'FAILED',
      lastError: 'Endpoint deleted',
    });
  });

  it('sends a test event to its one endpoint only', async () => {
    const t = senderTestDeps();
    const { org, endpoints } = await givenOrgWithEndpoints(t.deps, [{}, {}]);
    const target = endpoints[1]?.id ?? '';
    const test = {
      ...eventRecord({ organizationId: org.organizationId, type: 'webhook.test', data: {}, now: t.deps.clock.now() }),
      targetEndpointId: target,
    };
    await t.deps.db.client.send(new PutCommand({ TableName: t.deps.db.tableName, Item: test }));

    await receive(t.deps, busEventMessage(test.envelope, { endpointId: target }));

    expect(t.requests.map((r) => r.url)).toEqual([endpoints[1]?.url]);
    expect(
      await getDelivery(t.deps.db, org.organizationId, deliveryIdFor(test.envelope.event_id, target)),
    ).toMatchObject({ status: 'DELIVERED' });
  });
});
