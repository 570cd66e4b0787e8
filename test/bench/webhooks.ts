/**
 * Webhook throughput on one machine: `node --import tsx test/bench/webhooks.ts [--events 200] [--endpoints 2]`.
 * Writes outbox event records straight into DynamoDB Local (in memory) and measures how fast the local pipeline
 * (stream relay -> bus -> queue -> sender, the Lambda handler modules) delivers them, signed, to a loopback
 * receiver. Prints deliveries per second and the latency from an event's creation to its receipt; asserts nothing.
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

const { values } = parseArgs({
  options: { events: { type: 'string', default: '200' }, endpoints: { type: 'string', default: '2' } },
});
const EVENTS = Number(values.events);
const ENDPOINTS = Number(values.endpoints);
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
const { eventsWorker } = await import('#infra/local/events-worker.ts');
const deps = appDeps();

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

const org = await createOrganization(deps.db, deps.clock, { name: 'Bench', environment: 'sandbox' });
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

const createdAt = new Map<string, number>();
const started = Date.now();
for (let i = 0; i < EVENTS; i += 25) {
  await Promise.all(
    Array.from({ length: Math.min(25, EVENTS - i) }, async () => {
      const now = new Date();
      const event = eventRecord({
        organizationId: org.organizationId,
        type: 'customer.created',
        data: { customer_id: crypto.randomUUID() },
        now,
      });
      createdAt.set(event.envelope.event_id, now.getTime());
      await deps.db.client.send(new PutCommand({ TableName: deps.db.tableName, Item: event }));
    }),
  );
}
const expected = EVENTS * ENDPOINTS;
const count = () => [...receivedAt.values()].reduce((n, times) => n + times.length, 0);
const deadline = Date.now() + 300_000;
while (count() < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
const seconds = (Date.now() - started) / 1000;

const latencies = [...receivedAt.entries()]
  .flatMap(([id, times]) => times.map((t) => t - (createdAt.get(id) ?? t)))
  .sort((a, b) => a - b);
const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
process.stdout.write(
  [
    `webhooks: ${count()}/${expected} deliveries (${EVENTS} events x ${ENDPOINTS} endpoints) in ${seconds.toFixed(1)} s`,
    `  ${(count() / seconds).toFixed(1)} deliveries/s to a loopback receiver`,
    `  latency from event to receipt: p50 ${percentile(50)} ms, p95 ${percentile(95)} ms, max ${latencies.at(-1)} ms`,
    '',
  ].join('\n'),
);

await worker.stop();
receiver.close();
await dynamo.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
