/**
 * Webhooks on one machine: `node --import tsx test/bench/webhooks.ts [--rate 20] [--seconds 10] [--events 200]
 * [--endpoints 2]`. Writes outbox event records straight into DynamoDB Local (in memory); the local pipeline
 * (stream relay -> bus -> queue -> sender, the Lambda handler modules) delivers them, signed, to a loopback
 * receiver. Three measurements:
 * - sustained: `--rate` events a second for `--seconds`, the latency from each event's creation to its receipt;
 * - burst: `--events` at once, deliveries per second;
 * - floor: the writes the pipeline makes for the same events made directly at the same concurrency (the event,
 *   then per endpoint the delivery stored with its first attempt), deliveries per second.
 * Prints the figures and, with `--json`, one JSON line of them last; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION, startDynamoDbLocal } from '#infra/local/dynamodb.ts';
import { ensureTable } from '#infra/local/table.ts';
import { percentile } from '#test/bench/load.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '200' },
    endpoints: { type: 'string', default: '2' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    json: { type: 'boolean', default: false },
  },
});
const BURST_EVENTS = Number(values.events);
const ENDPOINTS = Number(values.endpoints);
const RATE = Number(values.rate);
const SUSTAINED_SECONDS = Number(values.seconds);
/** Events written at once in a burst (and by the floor): DynamoDB Local's useful concurrency on two cores. */
const BURST_GROUP = 25;
const TABLE = 'payouts-bench';

Object.assign(process.env, {
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  LOG_LEVEL: 'warn',
  TABLE_NAME: TABLE,
  AWS_REGION: LOCAL_REGION,
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
});

const dynamo = await startDynamoDbLocal({ dataDir: null });
const dataDir = mkdtempSync(join(tmpdir(), 'payouts-bench-webhooks-'));
process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
const tables = new DynamoDBClient({ endpoint: dynamo.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
await ensureTable(tables, TABLE);
tables.destroy();

// Imported after the environment is set: the handlers read their configuration on first use.
const { appDeps } = await import('#shared/deps.ts');
const { createOrganization } = await import('#shared/organizations/organization-admin.ts');
const { createWebhookEndpoint } = await import('#shared/webhooks/create-webhook-endpoint.ts');
const { eventRecord } = await import('#shared/events/outbox.ts');
const { keys } = await import('#shared/db/keys.ts');
const { eventsWorker } = await import('#infra/local/events-worker.ts');
const deps = appDeps();
const { db } = deps;

const receivedAt = new Map<string, number[]>();
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const id = String(req.headers['webhook-id']);
    receivedAt.set(id, [...(receivedAt.get(id) ?? []), Date.now()]);
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const { port } = receiver.address() as AddressInfo;

const org = await createOrganization(db, deps.clock, { name: 'Bench', environment: 'sandbox' });
for (let i = 0; i < ENDPOINTS; i++) {
  await createWebhookEndpoint(deps, org, { url: `http://127.0.0.1:${port}/hook/${i}` });
}
const worker = await eventsWorker.start({
  deps,
  dataDir,
  dynamodbEndpoint: dynamo.endpoint,
  tableName: TABLE,
  announce: () => undefined,
});

const newEvent = () =>
  eventRecord({
    organizationId: org.organizationId,
    type: 'customer.created',
    data: { customer_id: crypto.randomUUID() },
    now: new Date(),
  });
/** A write of the bench's own, tried again when the busy machine makes DynamoDB Local slow to accept it. */
async function put(item: Record<string, unknown>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.client.send(new PutCommand({ TableName: db.tableName, Item: item }));
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

type Phase = { events: number; deliveries: number; seconds: number; p50: number; p95: number; max: number };

/** Writes events as `write` schedules them, then waits until every endpoint has received each. */
async function phase(write: (emit: () => Promise<void>) => Promise<void>): Promise<Phase> {
  const createdAt = new Map<string, number>();
  const started = Date.now();
  await write(async () => {
    const event = newEvent();
    createdAt.set(event.envelope.event_id, Date.parse(event.envelope.created_at));
    await put(event);
  });
  const received = () => [...createdAt.keys()].reduce((n, id) => n + (receivedAt.get(id)?.length ?? 0), 0);
  const expected = createdAt.size * ENDPOINTS;
  const deadline = Date.now() + 300_000;
  while (received() < expected && Date.now() < deadline) await sleep(20);
  const latencies = [...createdAt].flatMap(([id, at]) => (receivedAt.get(id) ?? []).map((t) => t - at));
  const last = Math.max(0, ...latencies);
  latencies.sort((a, b) => a - b);
  return {
    events: createdAt.size,
    deliveries: received(),
    seconds: (Math.max(...[...receivedAt.values()].flat()) - started) / 1000,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: last,
  };
}

/** `RATE` events a second for `seconds`, each written on its schedule whether or not earlier ones are done. */
const atRate = (seconds: number) => async (emit: () => Promise<void>) => {
  const start = Date.now();
  const writes: Promise<void>[] = [];
  for (let i = 0; i < RATE * seconds; i++) {
    await sleep(start + (i * 1000) / RATE - Date.now());
    writes.push(emit());
  }
  await Promise.all(writes);
};
// Unmeasured, as every operation of the bench: the pipeline's first events meet its connections and code cold.
await phase(atRate(1));
const sustained = await phase(atRate(SUSTAINED_SECONDS));
/**
 * The read and write units the pipeline consumes, as DynamoDB Local reports them: every call of the relay and
 * the sender (they share this process's client) asks for its consumed capacity; the bench's own event writes are
 * the API's, not the pipeline's, and are left out.
 */
const units = { read: 0, write: 0 };
const client = db.client as unknown as { send: (command: { input: Record<string, unknown> }) => Promise<unknown> };
const send = client.send.bind(client);
client.send = async (command) => {
  const own = command instanceof PutCommand && (command.input.Item as { entity?: string } | undefined)?.entity;
  if (own === 'EVENT') return send(command);
  command.input.ReturnConsumedCapacity = 'TOTAL';
  const result = (await send(command)) as {
    ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[];
  };
  const consumed = [result.ConsumedCapacity ?? []].flat().reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
  if (/^(Get|BatchGet|Query|Scan|TransactGet)Command$/.test(command.constructor.name)) units.read += consumed;
  else units.write += consumed;
  return result;
};
const burst = await phase(async (emit) => {
  for (let i = 0; i < BURST_EVENTS; i += BURST_GROUP) {
    await Promise.all(Array.from({ length: Math.min(BURST_GROUP, BURST_EVENTS - i) }, emit));
  }
});
await worker.stop();
client.send = send;
const perEvent = { readUnits: units.read / BURST_EVENTS, writeUnits: units.write / BURST_EVENTS };

/**
 * The pipeline's writes for one event, made directly: what delivering it costs the table at the least. Per
 * endpoint one conditional Put of the delivery with its first attempt's outcome, the item the sender stores.
 */
async function floorEvent() {
  const event = newEvent();
  const at = new Date().toISOString();
  await put({ ...event, entity: 'BENCH_FLOOR_EVENT' });
  await Promise.all(
    Array.from({ length: ENDPOINTS }, async () => {
      const deliveryId = crypto.randomUUID();
      const endpointId = crypto.randomUUID();
      await db.client.send(
        new PutCommand({
          TableName: db.tableName,
          Item: {
            ...keys.webhookDelivery(org.organizationId, deliveryId),
            ...keys.webhookDeliveryListEntry(org.organizationId, endpointId, at, deliveryId),
            entity: 'WEBHOOK_DELIVERY',
            deliveryId,
            organizationId: org.organizationId,
            endpointId,
            eventId: event.envelope.event_id,
            eventType: event.envelope.event_type,
            payload: JSON.stringify(event.envelope),
            status: 'DELIVERED',
            attempts: 1,
            allowedAttempts: 8,
            lastAttemptAt: at,
            nextAttemptAt: null,
            lastResponseStatus: 204,
            lastError: null,
            attemptLog: [{ attempt: 1, at, responseStatus: 204, error: null, durationMs: 1 }],
            leasedBy: null,
            createdAt: at,
            updatedAt: at,
            expiresAt: Math.floor(Date.now() / 1000) + 30 * 24 * 3600,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    }),
  );
}
const floorStarted = Date.now();
for (let i = 0; i < BURST_EVENTS; i += BURST_GROUP) {
  await Promise.all(Array.from({ length: Math.min(BURST_GROUP, BURST_EVENTS - i) }, floorEvent));
}
const floorPerSecond = (BURST_EVENTS * ENDPOINTS) / ((Date.now() - floorStarted) / 1000);

const perSecond = (p: Phase) => p.deliveries / p.seconds;
const result = {
  endpoints: ENDPOINTS,
  sustained: { rate: RATE, ...sustained },
  burst: { ...burst, perSecond: perSecond(burst) },
  floorPerSecond,
  ratio: perSecond(burst) / floorPerSecond,
  perEvent,
};
process.stdout.write(
  [
    `webhooks to ${ENDPOINTS} endpoints on a loopback receiver:`,
    `  sustained ${RATE} events/s for ${SUSTAINED_SECONDS} s: ${sustained.deliveries}/${sustained.events * ENDPOINTS} deliveries, ` +
      `event to receipt p50 ${sustained.p50} ms, p95 ${sustained.p95} ms, max ${sustained.max} ms (target: p50 under 1 s)`,
    `  burst of ${BURST_EVENTS} events: ${burst.deliveries} deliveries in ${burst.seconds.toFixed(1)} s, ` +
      `${perSecond(burst).toFixed(1)}/s, p50 ${burst.p50} ms`,
    `  floor (the same writes made directly): ${floorPerSecond.toFixed(1)} deliveries/s; burst ÷ floor ${result.ratio.toFixed(2)} (target at least 0.8)`,
    `  DynamoDB units the relay and the sender consume per event (${ENDPOINTS} deliveries): ` +
      `${perEvent.readUnits.toFixed(1)} read, ${perEvent.writeUnits.toFixed(1)} write`,
    ...(values.json ? [JSON.stringify(result)] : []),
    '',
  ].join('\n'),
);

receiver.close();
await dynamo.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
