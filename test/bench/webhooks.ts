/**
 * Webhooks on one machine: `node --import tsx test/bench/webhooks.ts [--rate 20] [--seconds 10] [--events 400]
 * [--endpoints 2] [--rounds 3]`. Writes outbox event records straight into DynamoDB Local (in memory); the local
 * pipeline (stream relay -> bus -> queue -> sender, the Lambda handler modules), on a thread of its own
 * (test/bench/webhooks-pipeline.ts), delivers them, signed, to a loopback receiver on another (a receiver is not
 * the service: run on the pipeline's thread, its half of every request was charged to the pipeline). Three
 * measurements:
 * - sustained: `--rate` events a second for `--seconds`, the latency from each event's creation to its receipt;
 * - burst: `--events` at once, the steady rate of deliveries (the middle 80% of them over the time they took, so
 *   the pipeline's lead-in, its latency, measured above, is not counted as throughput);
 * - floor: the writes the pipeline makes for the same events made directly at the same concurrency (the event,
 *   then per endpoint the delivery stored with its first attempt), the same steady rate of deliveries stored.
 * Burst and floor alternate `--rounds` times; the round of median ratio is reported with the spread of all.
 * Prints the figures and, with `--json`, one JSON line of them last; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION, startDynamoDbLocal } from '#infra/local/dynamodb.ts';
import { ensureTable } from '#infra/local/table.ts';
import { typeScriptThread } from '#shared/typescript-thread.ts';
import { percentile } from '#test/bench/load.ts';
import type { PipelineData, PipelineReply, PipelineRequest } from '#test/bench/webhooks-pipeline.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '400' },
    endpoints: { type: 'string', default: '2' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
  },
});
const BURST_EVENTS = Number(values.events);
const ENDPOINTS = Number(values.endpoints);
const RATE = Number(values.rate);
const SUSTAINED_SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
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
const deps = appDeps();
const { db } = deps;

/**
 * The receiver, on a thread of its own: answers 204 and reports each receipt (webhook id, path, when) in batches.
 * Receipts are stamped there, so the main thread's own delays do not move them.
 */
const RECEIVER = `
const { parentPort } = require('node:worker_threads');
const { createServer } = require('node:http');
let receipts = [];
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    receipts.push([String(req.headers['webhook-id']), req.url, Date.now()]);
    res.writeHead(204).end();
  });
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
setInterval(() => {
  if (receipts.length) parentPort.postMessage({ receipts });
  receipts = [];
}, 10);
`;
/** Per event id, per endpoint path, the times it was received (more than one: a duplicate, which is allowed). */
const receivedAt = new Map<string, Map<string, number[]>>();
const receiver = new Worker(RECEIVER, { eval: true });
const port = await new Promise<number>((resolve, reject) => {
  receiver.once('error', reject);
  receiver.on('message', (message: { port?: number; receipts?: [string, string, number][] }) => {
    if (message.port) resolve(message.port);
    for (const [id, path, at] of message.receipts ?? []) {
      const byPath = receivedAt.get(id) ?? new Map<string, number[]>();
      byPath.set(path, [...(byPath.get(path) ?? []), at]);
      receivedAt.set(id, byPath);
    }
  });
});

const org = await createOrganization(db, deps.clock, { name: 'Bench', environment: 'sandbox' });
for (let i = 0; i < ENDPOINTS; i++) {
  await createWebhookEndpoint(deps, org, { url: `http://127.0.0.1:${port}/hook/${i}` });
}
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

type Phase = {
  events: number;
  deliveries: number;
  duplicates: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  max: number;
};

/**
 * Deliveries per second in the steady part of a run: the middle 80% of the completion times over the time between
 * them, leaving out the lead-in (the pipeline's latency, measured on its own) and the last stragglers.
 */
function steadyRate(completions: number[]): number {
  const sorted = [...completions].sort((a, b) => a - b);
  const from = Math.floor(sorted.length * 0.1);
  const to = Math.ceil(sorted.length * 0.9) - 1;
  const span = ((sorted[to] ?? 0) - (sorted[from] ?? 0)) / 1000;
  return span > 0 ? (to - from) / span : Number.NaN;
}

/** Writes events as `write` schedules them, then waits until every endpoint has received each. */
async function phase(write: (emit: () => Promise<void>) => Promise<void>): Promise<Phase> {
  const createdAt = new Map<string, number>();
  const started = Date.now();
  await write(async () => {
    const event = newEvent();
    createdAt.set(event.envelope.event_id, Date.parse(event.envelope.created_at));
    await put(event);
  });
  const firstReceipts = () =>
    [...createdAt].flatMap(([id, at]) => [...(receivedAt.get(id)?.values() ?? [])].map((times) => ({ at, times })));
  const expected = createdAt.size * ENDPOINTS;
  const deadline = Date.now() + 300_000;
  while (firstReceipts().length < expected && Date.now() < deadline) await sleep(20);
  const receipts = firstReceipts();
  const received = receipts.map(({ times }) => Math.min(...times));
  const latencies = receipts.map(({ at, times }) => Math.min(...times) - at).sort((a, b) => a - b);
  return {
    events: createdAt.size,
    deliveries: receipts.length,
    duplicates: receipts.reduce((n, { times }) => n + times.length - 1, 0),
    seconds: (Math.max(...received) - started) / 1000,
    perSecond: steadyRate(received),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: latencies.at(-1) ?? 0,
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
const pipeline = typeScriptThread(new URL('./webhooks-pipeline.ts', import.meta.url), {
  dataDir,
  dynamodbEndpoint: dynamo.endpoint,
  tableName: TABLE,
} satisfies PipelineData);
const nextReply = () =>
  new Promise<PipelineReply>((resolve, reject) => {
    pipeline.once('message', resolve);
    pipeline.once('error', reject);
  });
await nextReply();
const toPipeline = (request: PipelineRequest) => pipeline.postMessage(request);
// Unmeasured, as every operation of the bench: the pipeline's first events meet its connections and code cold.
await phase(atRate(1));
const sustained = await phase(atRate(SUSTAINED_SECONDS));

/** `events` at once, written `BURST_GROUP` at a time. */
const atOnce = (events: number) => async (emit: () => Promise<void>) => {
  for (let i = 0; i < events; i += BURST_GROUP) {
    await Promise.all(Array.from({ length: Math.min(BURST_GROUP, events - i) }, emit));
  }
};

/**
 * The pipeline's writes for one event, made directly: what delivering it costs the table at the least. Per
 * endpoint one conditional Put of the delivery with its first attempt's outcome, the item the sender stores.
 * Resolves when each delivery is stored.
 */
async function floorEvent(): Promise<number[]> {
  const event = newEvent();
  const at = new Date().toISOString();
  await put({ ...event, entity: 'BENCH_FLOOR_EVENT' });
  return Promise.all(
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
      return Date.now();
    }),
  );
}

/**
 * The floor's steady rate, its events written as the burst writes them. The pipeline keeps running, idle but
 * reading the stream, as it reads the sender's own writes during a burst (the relay skips both).
 */
async function floorRound(events = BURST_EVENTS): Promise<number> {
  const stored: number[] = [];
  for (let i = 0; i < events; i += BURST_GROUP) {
    const group = await Promise.all(Array.from({ length: Math.min(BURST_GROUP, events - i) }, floorEvent));
    stored.push(...group.flat());
  }
  return steadyRate(stored);
}

/**
 * Unmeasured: a first burst meets cold what the sustained phase's trickle did not warm (dozens of new connections
 * to the table and the receiver, the batch paths); it came out the slowest of every run's rounds.
 */
await phase(atOnce(100));
await floorRound(100);
/**
 * The read and write units the pipeline consumes in the rounds, as DynamoDB Local reports them: every call the
 * pipeline's thread makes from here on asks for its consumed capacity (the bench's own writes are made on this one).
 */
toPipeline('count');
const rounds: { burst: Phase; floorPerSecond: number; ratio: number }[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const burst = await phase(atOnce(BURST_EVENTS));
  const floorPerSecond = await floorRound();
  rounds.push({ burst, floorPerSecond, ratio: burst.perSecond / floorPerSecond });
}
toPipeline('stop');
const reply = await nextReply();
const units = 'units' in reply ? reply.units : { read: Number.NaN, write: Number.NaN };
const byRatio = [...rounds].sort((a, b) => a.ratio - b.ratio);
const median = byRatio[Math.floor((byRatio.length - 1) / 2)] ?? byRatio[0];
if (!median) throw new Error('--rounds must be at least 1');
const { burst, floorPerSecond } = median;
const perEvent = { readUnits: units.read / (ROUNDS * BURST_EVENTS), writeUnits: units.write / (ROUNDS * BURST_EVENTS) };
const spread = `${byRatio[0]?.ratio.toFixed(2)}-${byRatio.at(-1)?.ratio.toFixed(2)}`;

const result = {
  endpoints: ENDPOINTS,
  sustained: { rate: RATE, ...sustained },
  burst,
  floorPerSecond,
  ratio: median.ratio,
  rounds: rounds.map((r) => ({ perSecond: r.burst.perSecond, floorPerSecond: r.floorPerSecond, ratio: r.ratio })),
  perEvent,
};
process.stdout.write(
  [
    `webhooks to ${ENDPOINTS} endpoints on a loopback receiver:`,
    `  sustained ${RATE} events/s for ${SUSTAINED_SECONDS} s: ${sustained.deliveries}/${sustained.events * ENDPOINTS} deliveries, ` +
      `event to receipt p50 ${sustained.p50} ms, p95 ${sustained.p95} ms, max ${sustained.max} ms (target: p50 under 1 s)`,
    `  burst of ${BURST_EVENTS} events (round of median ratio of ${ROUNDS}): ${burst.deliveries} deliveries ` +
      `(${burst.duplicates} duplicates) in ${burst.seconds.toFixed(1)} s, steady ${burst.perSecond.toFixed(1)}/s, p50 ${burst.p50} ms`,
    `  floor (the same writes made directly): steady ${floorPerSecond.toFixed(1)} deliveries/s; ` +
      `burst ÷ floor ${median.ratio.toFixed(2)}, spread ${spread} (target at least 0.8)`,
    `  DynamoDB units the relay and the sender consume per event (${ENDPOINTS} deliveries): ` +
      `${perEvent.readUnits.toFixed(1)} read, ${perEvent.writeUnits.toFixed(1)} write`,
    ...(values.json ? [JSON.stringify(result)] : []),
    '',
  ].join('\n'),
);

await receiver.terminate();
await pipeline.terminate();
await dynamo.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
