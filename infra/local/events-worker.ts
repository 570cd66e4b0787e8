import { join } from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { startLocalEventBus } from '#infra/local/event-bus.ts';
import { startLocalQueues, startQueuePoller } from '#infra/local/queue-poller.ts';
import { startStreamRelay } from '#infra/local/stream-relay.ts';
import { importHandler, type LocalWorker, type LocalWorkerContext } from '#infra/local/worker.ts';
import { eventsConfig } from '#shared/config/env.ts';
import type { Db } from '#shared/db/client.ts';
import { eventBridgeBus } from '#shared/events/bus.ts';
import { EventEnvelopeSchema } from '#shared/events/contracts.ts';
import { toBusEntry } from '#shared/events/relay-stream.ts';
import { EVENT_FUNCTIONS } from '#shared/events/routing.ts';
import { log } from '#shared/log.ts';
import * as z from '#shared/validation/zod.ts';
import { deliveryIdFor, subscribes } from '#shared/webhooks/send-webhooks.ts';

const LocalEventsEnv = z.object({
  /**
   * Test hook: hold each batch of stream records this long before publishing it, so a test can kill the
   * runtime after a change is stored and before its event is published.
   */
  LOCAL_RELAY_DELAY_MS: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  /**
   * How many batches the local sender handles at once (the event source mapping's maximum concurrency). Above
   * AWS's 5: a batch waits on DynamoDB Local's round trips, ten to fifty times DynamoDB's on a busy machine, so
   * five would queue messages behind batches that in AWS take a few milliseconds of table time.
   */
  LOCAL_SENDER_CONCURRENCY: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(20)), 10),
});

const BUS_NAME = 'payouts-events-local';
/** Short, so a message whose handling failed comes back quickly during development. */
const LOCAL_VISIBILITY_TIMEOUT_SECONDS = 10;
/** SQS's longest message delay. */
const MAX_QUEUE_DELAY_SECONDS = 900;

/**
 * The local queue lives in memory, so a restart would lose what it held. The table is the source of truth:
 * pending deliveries get a message again (it waits, by hops, until each is due), and events that an endpoint
 * should have and whose delivery to it is not stored are published again (a delivery is stored once its first
 * attempt is made, so these are the events the queue still held). Both are idempotent. A Scan is fine here: it
 * runs once per start of the local runtime, never on a request path.
 */
async function refillFromTable(
  db: Db,
  sendDelivery: (body: string, delaySeconds: number) => Promise<void>,
  republish: (items: Record<string, unknown>[]) => Promise<void>,
) {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.client.send(
      new ScanCommand({
        TableName: db.tableName,
        FilterExpression: 'entity IN (:delivery, :event, :endpoint)',
        ExpressionAttributeValues: {
          ':delivery': 'WEBHOOK_DELIVERY',
          ':event': 'EVENT',
          ':endpoint': 'WEBHOOK_ENDPOINT',
        },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  const of = (entity: string) => items.filter((item) => item.entity === entity);
  const deliveries = of('WEBHOOK_DELIVERY');
  const pending = deliveries.filter((item) => item.status === 'PENDING');
  for (const item of pending) {
    // An attempt in flight when the runtime died still holds its lease, and the sender lets a message that
    // finds another message's lease go (a duplicate): this one must arrive after the lease has run out.
    const leaseLeftMs = item.leasedBy ? Date.parse(String(item.nextAttemptAt)) - Date.now() : 0;
    await sendDelivery(
      JSON.stringify({ kind: 'delivery', organizationId: item.organizationId, deliveryId: item.deliveryId }),
      Math.min(MAX_QUEUE_DELAY_SECONDS, Math.max(0, Math.ceil(leaseLeftMs / 1000))),
    );
  }
  const stored = new Set(deliveries.map((item) => String(item.deliveryId)));
  const endpoints = of('WEBHOOK_ENDPOINT').map((item) => StoredEndpointSchema.parse(item));
  const undelivered = of('EVENT').filter((item) => {
    const { envelope, targetEndpointId } = StoredEventSchema.parse(item);
    return endpoints.some(
      (endpoint) =>
        endpoint.organizationId === envelope.org_id &&
        (targetEndpointId ? endpoint.endpointId === targetEndpointId : subscribes(endpoint, envelope)) &&
        !stored.has(deliveryIdFor(envelope.event_id, endpoint.endpointId)),
    );
  });
  await republish(undelivered);
  return { deliveries: pending.length, events: undelivered.length };
}

const StoredEndpointSchema = z.object({
  organizationId: z.string(),
  endpointId: z.string(),
  eventTypes: z.nullable(z.array(z.string())),
  createdAt: z.string(),
});
const StoredEventSchema = z.object({ envelope: EventEnvelopeSchema, targetEndpointId: z.optional(z.string()) });

/**
 * The event pipeline on one machine: the table stream on DynamoDB Local -> the relay function -> the
 * in-process bus (the shared rules) -> the webhook queue on fauxqs -> the sender function, polled like an
 * event source mapping. Both functions are the modules Lambda runs.
 */
export const eventsWorker: LocalWorker = {
  name: 'events',
  start: async (context: LocalWorkerContext) => {
    const env = LocalEventsEnv.parse(process.env);
    const region = context.deps.config.region;
    const queues = await startLocalQueues({ visibilityTimeoutSeconds: LOCAL_VISIBILITY_TIMEOUT_SECONDS });
    const bus = await startLocalEventBus({
      busName: BUS_NAME,
      region,
      deliver: (target, events) => {
        const queueUrl = { webhookQueue: queues.webhook.url }[target];
        return queues.sendAll(
          queueUrl,
          events.map((event) => JSON.stringify(event)),
        );
      },
    });
    Object.assign(process.env, {
      EVENT_BUS_NAME: BUS_NAME,
      EVENTBRIDGE_ENDPOINT: bus.url,
      WEBHOOK_QUEUE_URL: queues.webhook.url,
      SQS_ENDPOINT: queues.endpoint,
    });
    const stopAll: (() => Promise<void>)[] = [bus.stop, queues.stop];
    const stop = async () => {
      for (const fn of stopAll.splice(0)) await fn();
    };
    try {
      // Validates WEBHOOK_RETRY_SCHEDULE and the rest now, not at the first event.
      const config = eventsConfig();
      const sender = await importHandler<(event: SQSEvent) => Promise<SQSBatchResponse>>(EVENT_FUNCTIONS.webhookSender);
      const relay = await importHandler<(event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>>(
        EVENT_FUNCTIONS.streamRelay,
      );
      const localBus = eventBridgeBus({ busName: BUS_NAME, region, endpoint: bus.url });
      const refilled = await refillFromTable(
        context.deps.db,
        (body, delaySeconds) => queues.send(queues.webhook.url, body, delaySeconds),
        async (items) => {
          if (items.length) await localBus.put(items.map(toBusEntry));
        },
      );
      const poller = startQueuePoller({
        endpoint: queues.endpoint,
        queue: queues.webhook,
        handler: sender,
        concurrency: env.LOCAL_SENDER_CONCURRENCY,
        onError: (error) => log.error('local webhook queue poller', { error }),
      });
      stopAll.unshift(poller.stop);
      const relayer = await startStreamRelay({
        dynamodbEndpoint: context.dynamodbEndpoint,
        tableName: context.tableName,
        checkpointPath: join(context.dataDir, 'stream-checkpoint.json'),
        handler: relay,
        delayMs: env.LOCAL_RELAY_DELAY_MS,
        onError: (error) => log.error('local stream relay', { error }),
      });
      stopAll.unshift(relayer.stop);
      context.announce(
        `Webhooks         stream -> bus -> queue (fauxqs) -> sender; retries after ${config.retrySchedule.join(', ')} s` +
          (refilled.deliveries + refilled.events
            ? ` (requeued ${refilled.deliveries} pending deliveries, ${refilled.events} unpublished events)`
            : ''),
      );
      if (env.LOCAL_RELAY_DELAY_MS)
        context.announce(`Test hook        stream relay delayed by ${env.LOCAL_RELAY_DELAY_MS} ms`);
      return { stop };
    } catch (error) {
      await stop();
      throw error;
    }
  },
};
