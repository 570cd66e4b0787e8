import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { Bus, BusEntry } from '#shared/events/bus.ts';
import { eventRecord } from '#shared/events/outbox.ts';
import { relayStreamRecords } from '#shared/events/relay-stream.ts';

const ORG = '0b5c9a7e-3f2d-4c1a-9b8e-7d6f5e4c3b2a';
const NOW = new Date('2026-11-21T10:00:00.000Z');

let sequence = 0;
function streamRecord(eventName: 'INSERT' | 'MODIFY' | 'REMOVE', item: Record<string, unknown>): DynamoDBRecord {
  sequence += 1;
  return {
    eventName,
    dynamodb: {
      SequenceNumber: String(sequence).padStart(21, '0'),
      NewImage: eventName === 'REMOVE' ? undefined : (marshall(item, { removeUndefinedValues: true }) as never),
    },
  };
}

const customerEvent = (customerId: string) =>
  eventRecord({ organizationId: ORG, type: 'customer.created', data: { customer_id: customerId }, now: NOW });

/** A bus that takes everything, or refuses the entries at the given indexes. */
function fakeBus(refuse: (entry: BusEntry, index: number) => boolean = () => false) {
  const published: BusEntry[] = [];
  const bus: Bus = {
    put: async (entries) => {
      const failed: number[] = [];
      entries.forEach((entry, i) => {
        if (refuse(entry, i)) failed.push(i);
        else published.push(entry);
      });
      return failed;
    },
  };
  return { bus, published };
}

describe('stream relay', () => {
  it('publishes new event records with the event type as detail type and the envelope as detail', async () => {
    const { bus, published } = fakeBus();
    const event = customerEvent('c-1');

    const result = await relayStreamRecords({ bus }, [streamRecord('INSERT', event)]);

    expect(result).toEqual({ batchItemFailures: [] });
    expect(published).toEqual([
      { source: 'payouts', detailType: 'customer.created', detail: { envelope: event.envelope }, time: NOW },
    ]);
  });

  it('ignores updates, deletions and items that are not outbox items', async () => {
    const { bus, published } = fakeBus();
    const event = customerEvent('c-2');

    await relayStreamRecords({ bus }, [
      streamRecord('MODIFY', { ...event, dispatchedAt: NOW.toISOString() }),
      streamRecord('REMOVE', event),
      streamRecord('INSERT', { pk: 'ORG#x#CUSTOMER#y', sk: 'CUSTOMER', entity: 'CUSTOMER' }),
    ]);

    expect(published).toEqual([]);
  });

  it('addresses a test event to its one endpoint and turns redelivery requests into their own bus events', async () => {
    const { bus, published } = fakeBus();
    const test = {
      ...eventRecord({ organizationId: ORG, type: 'webhook.test', data: {}, now: NOW }),
      targetEndpointId: 'ep-1',
    };
    const redelivery = {
      pk: 'WEBHOOKREDELIVERY#r-1',
      sk: 'WEBHOOKREDELIVERY',
      entity: 'WEBHOOK_REDELIVERY',
      organizationId: ORG,
      deliveryId: 'd-1',
      requestedAt: NOW.toISOString(),
    };

    await relayStreamRecords({ bus }, [streamRecord('INSERT', test), streamRecord('INSERT', redelivery)]);

    expect(published).toEqual([
      {
        source: 'payouts',
        detailType: 'webhook.test',
        detail: { envelope: test.envelope, endpointId: 'ep-1' },
        time: NOW,
      },
      {
        source: 'payouts.webhooks',
        detailType: 'webhook.redelivery',
        detail: { organizationId: ORG, deliveryId: 'd-1' },
        time: NOW,
      },
    ]);
  });

  it('reports the first record the bus refused, so the stream resumes there', async () => {
    const { bus } = fakeBus((_entry, i) => i >= 1);
    const records = [1, 2, 3].map((n) => streamRecord('INSERT', customerEvent(`c-${n}`)));

    const result = await relayStreamRecords({ bus }, records);

    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: records[1]?.dynamodb?.SequenceNumber }] });
  });

  it('reports the first record when the bus is unreachable', async () => {
    const bus: Bus = {
      put: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    };
    const records = [streamRecord('INSERT', customerEvent('c-9'))];

    const result = await relayStreamRecords({ bus }, records);

    expect(result.batchItemFailures).toEqual([{ itemIdentifier: records[0]?.dynamodb?.SequenceNumber }]);
  });

  it('skips an outbox item that can never be published instead of holding up the ones behind it', async () => {
    const { bus, published } = fakeBus();
    const broken = { ...customerEvent('c-3'), envelope: { event_type: 'customer.teleported' } };
    const good = customerEvent('c-4');

    const result = await relayStreamRecords({ bus }, [streamRecord('INSERT', broken), streamRecord('INSERT', good)]);

    expect(result).toEqual({ batchItemFailures: [] });
    expect(published.map((p) => p.detail)).toEqual([{ envelope: good.envelope }]);
  });
});
