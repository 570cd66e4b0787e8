import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalEventBus, startLocalEventBus } from '#infra/local/event-bus.ts';
import { eventBridgeBus } from '#shared/events/bus.ts';
import type { BusEvent, RouteTarget } from '#shared/events/routing.ts';

const delivered: { target: RouteTarget; event: BusEvent }[] = [];
let localBus: LocalEventBus;

beforeAll(async () => {
  localBus = await startLocalEventBus({
    busName: 'payouts-test',
    region: 'eu-central-1',
    deliver: async (target, events) => {
      delivered.push(...events.map((event) => ({ target, event })));
    },
  });
});

afterAll(() => localBus.stop());

describe('local event bus', () => {
  it('takes PutEvents from the EventBridge client and routes by the shared rules, as EventBridge shapes events', async () => {
    const bus = eventBridgeBus({ busName: 'payouts-test', region: 'eu-central-1', endpoint: localBus.url });
    const time = new Date('2026-11-21T10:00:00.000Z');

    const failed = await bus.put([
      { source: 'payouts', detailType: 'customer.created', detail: { envelope: { event_id: 'e-1' } }, time },
      { source: 'payouts', detailType: 'not.a.type', detail: {}, time },
      { source: 'payouts.webhooks', detailType: 'webhook.redelivery', detail: { deliveryId: 'd-1' }, time },
    ]);

    expect(failed).toEqual([]);
    expect(delivered).toEqual([
      {
        target: 'webhookQueue',
        event: expect.objectContaining({
          source: 'payouts',
          'detail-type': 'customer.created',
          time: time.toISOString(),
          detail: { envelope: { event_id: 'e-1' } },
        }),
      },
      {
        target: 'webhookQueue',
        event: expect.objectContaining({ 'detail-type': 'webhook.redelivery', detail: { deliveryId: 'd-1' } }),
      },
    ]);
  });

  it("hands a target all of a call's events at once, and fails each of them when the target does not take them", async () => {
    const calls: number[] = [];
    const failing = await startLocalEventBus({
      busName: 'payouts-failing',
      region: 'eu-central-1',
      deliver: async (_target, events) => {
        calls.push(events.length);
        throw new Error('queue unavailable');
      },
    });
    const bus = eventBridgeBus({ busName: 'payouts-failing', region: 'eu-central-1', endpoint: failing.url });
    const time = new Date();

    const failed = await bus.put([
      { source: 'payouts', detailType: 'customer.created', detail: {}, time },
      { source: 'payouts', detailType: 'not.a.type', detail: {}, time },
      { source: 'payouts', detailType: 'customer.created', detail: {}, time },
    ]);
    await failing.stop();

    expect(calls).toEqual([2]);
    expect(failed).toEqual([0, 2]);
  });

  it('refuses entries for another bus', async () => {
    const bus = eventBridgeBus({ busName: 'someone-else', region: 'eu-central-1', endpoint: localBus.url });

    const failed = await bus.put([{ source: 'payouts', detailType: 'customer.created', detail: {}, time: new Date() }]);

    expect(failed).toEqual([0]);
  });
});
