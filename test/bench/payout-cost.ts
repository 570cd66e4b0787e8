/**
 * What one payout costs, end to end: `node --import tsx test/bench/payout-cost.ts [--payouts 99] [--endpoints 2]
 * [--json] [--channel <file>]` (`npm run bench` runs it too). On a DynamoDB Local of its own, in this process, the
 * very handler modules Lambda runs, for a file of one payout and for a full file (`--payouts`, the batcher's most
 * per file):
 * - create: the API's create withdrawal, once per payout (one HTTP API request and one invocation each);
 * - file: one run of the batcher's scheduled function, which files every payout the create made PROCESSING;
 * - report: the sandbox bank (not priced: it stands in for the bank) answers the file with its pain.002 and
 *   camt.054, and the report function runs once per report, as S3's `Object Created` event invokes it in AWS;
 *   the bank's upload of each report is priced, as S3 bills the bucket's owner for it;
 * - webhooks: every event the stages wrote, relayed as the stream's event source mapping hands them over (up to
 *   100 records of one write burst per invocation), through the bus's rules, to the sender (up to 10 queue
 *   messages per invocation), which delivers them to `--endpoints` endpoints on a loopback receiver.
 * Each DynamoDB call is attributed to the stage it runs in (AsyncLocalStorage) and asks for its consumed capacity;
 * S3 calls go to an in-memory bucket behind the real S3 channel (the client's `send` is replaced), counted by
 * request class; an invocation's GB-seconds are the function's memory × its measured duration in this process.
 * With `--channel <file>`, the SFTP channel's stage that test/bench/bank-channel.ts measured (a live payout's files to
 * its bank and the reports back) is a row of the table between the file and the report.
 * Also: get customer (a thousand API reads), and the batcher's idle run. Asserts that every payout completed and
 * every event reached every endpoint; prints the table (test/bench/payout-cost-model.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, SQSRecord } from 'aws-lambda';
import { FUNCTION_MEMORY_MB } from '#infra/aws/function.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION, startDynamoDbLocal } from '#infra/local/dynamodb.ts';
import { startLocalEventBus } from '#infra/local/event-bus.ts';
import { ensureTable } from '#infra/local/table.ts';
import { importHandler } from '#infra/local/worker.ts';
import type { ApiResult } from '#shared/http/api-handler.ts';
import { scopedInboxKey } from '#shared/rails/bank/channel.ts';
import { type Consumed, consumedOf, isReadCommand } from '#test/bench/floor.ts';
import { installMemoryBucket } from '#test/bench/memory-bucket.ts';
import {
  type PayoutStage,
  payoutCostMarkdown,
  payoutCostRows,
  type StageRun,
  scaleUsage,
} from '#test/bench/payout-cost-model.ts';
import { costPerMillion, NO_USAGE, type Usage } from '#test/bench/prices.ts';
import { apiEvent } from '#test/support/http/api-event.ts';

const { values } = parseArgs({
  options: {
    payouts: { type: 'string', default: '99' },
    endpoints: { type: 'string', default: '2' },
    json: { type: 'boolean', default: false },
    /** The SFTP channel's stage as test/bench/bank-channel.ts wrote it (`--stage-out`): a row of the table. */
    channel: { type: 'string' },
  },
});
const FILE_SIZE = Number(values.payouts);
const ENDPOINTS = Number(values.endpoints);
if (!Number.isInteger(FILE_SIZE) || FILE_SIZE < 2)
  throw new Error(`--payouts takes a whole number from 2: ${values.payouts}`);
if (!Number.isInteger(ENDPOINTS) || ENDPOINTS < 1)
  throw new Error(`--endpoints takes a whole number from 1: ${values.endpoints}`);
const TABLE = 'payouts-bench-cost';
const BUCKET = 'payouts-bench-bank';
const BUS = 'payouts-bench-bus';
/** The event source mappings' batch sizes (infra/aws/events-stack.ts). */
const STREAM_BATCH = 100;
const QUEUE_BATCH = 10;
/** Queue requests per message: the rule's send, the sender's receive and its delete (before batching). */
const QUEUE_REQUESTS_PER_MESSAGE = 3;
/** The batcher's scheduled runs in a 30-day month (every 60 s, shared/config/background-functions.ts). */
const BATCHER_RUNS_PER_MONTH = 30 * 24 * 60;
const READ_SAMPLES = 50;
const IDLE_SAMPLES = 3;

const dynamo = await startDynamoDbLocal({ dataDir: null });
/** Bus events on their way to the webhook queue, taken by the sender's invocations. */
const queued: string[] = [];
const bus = await startLocalEventBus({
  busName: BUS,
  region: LOCAL_REGION,
  deliver: async (target, events) => {
    if (target === 'webhookQueue') queued.push(...events.map((event) => JSON.stringify(event)));
  },
});
Object.assign(process.env, {
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  LOG_LEVEL: 'error',
  TABLE_NAME: TABLE,
  DYNAMODB_ENDPOINT: dynamo.endpoint,
  AWS_REGION: LOCAL_REGION,
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  BANK_CHANNEL_BUCKET: BUCKET,
  EVENT_BUS_NAME: BUS,
  EVENTBRIDGE_ENDPOINT: bus.url,
  // A retry would go here; every delivery is answered 204, so none is sent (a send would fail the run).
  WEBHOOK_QUEUE_URL: 'http://127.0.0.1:9/000000000000/payouts-bench-webhooks',
  SQS_ENDPOINT: 'http://127.0.0.1:9',
  RATE_LIMIT_KEY_PER_S: '100000',
  RATE_LIMIT_ORGANIZATION_PER_S: '100000',
});
const tables = new DynamoDBClient({ endpoint: dynamo.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
await ensureTable(tables, TABLE);
tables.destroy();

/** What the calls made in one stage of one scenario used. */
type Tally = Usage & { durationsMs: number[]; eventTypes: string[]; eventGroups: Record<string, unknown>[][] };
const newTally = (): Tally => ({ ...NO_USAGE, durationsMs: [], eventTypes: [], eventGroups: [] });
/** The stage a call runs in; `bank` marks the sandbox bank's calls, which are not the service's. */
type Context = { tally: Tally; bank?: boolean; written?: Record<string, unknown>[] };
const context = new AsyncLocalStorage<Context>();

const usageOf = (tally: Tally): Usage => {
  const { durationsMs, eventTypes, eventGroups, ...usage } = tally;
  const seconds = durationsMs.reduce((sum, ms) => sum + ms, 0) / 1000;
  return { ...usage, lambdaGbSeconds: (FUNCTION_MEMORY_MB / 1024) * seconds };
};

/** One invocation of a function: its duration, and the events its calls wrote, kept as one write burst. */
async function invoke<T>(tally: Tally, act: () => Promise<T>): Promise<T> {
  const written: Record<string, unknown>[] = [];
  const started = performance.now();
  const result = await context.run({ tally, written }, act);
  tally.durationsMs.push(performance.now() - started);
  tally.lambdaInvocations++;
  if (written.length) tally.eventGroups.push(written);
  return result;
}

// Imported after the environment is set: the handlers read their configuration on first use.
const { appDeps } = await import('#shared/deps.ts');
const { createOrganization } = await import('#shared/organizations/organization-admin.ts');
const { createWebhookEndpoint } = await import('#shared/webhooks/create-webhook-endpoint.ts');
const { createCustomer } = await import('#shared/customers/create-customer.ts');
const { approveKyc } = await import('#shared/customers/approve-kyc.ts');
const { creditBalance } = await import('#shared/deposits/credit-balance.ts');
const { setAllowance } = await import('#shared/ledger/set-allowance.ts');
const { getTransactionOfCustomer } = await import('#shared/transactions/transaction-repository.ts');
const { answerSandboxFiles } = await import('#shared/payouts/answer-payment-files.ts');
const { bankChannel } = await import('#shared/rails/bank/s3-channel.ts');
const { routeList } = await import('#shared/routes.ts');
const { BACKGROUND_FUNCTIONS } = await import('#shared/config/background-functions.ts');
const { EVENT_FUNCTIONS } = await import('#shared/events/routing.ts');
const { givenBank } = await import('#test/support/withdrawals/withdrawal-requests.ts');
const deps = appDeps();

// Every DynamoDB call of a stage asks for its consumed capacity; the event items it writes are kept for the relay.
const dbClient = deps.db.client as unknown as {
  send: (command: { input: Record<string, unknown> }) => Promise<unknown>;
};
const dbSend = dbClient.send.bind(dbClient);
dbClient.send = async (command) => {
  const current = context.getStore();
  if (!current || current.bank) return dbSend(command);
  const { tally } = current;
  const read = isReadCommand(command.constructor.name);
  command.input.ReturnConsumedCapacity = 'TOTAL';
  let result: Consumed;
  try {
    result = (await dbSend(command)) as Consumed;
  } catch (error) {
    // A write refused on its condition reports no capacity; DynamoDB bills it at least one unit.
    if (!read) tally.writeUnits += 1;
    throw error;
  }
  const units = consumedOf(result);
  if (read) tally.readUnits += units;
  else tally.writeUnits += units;
  for (const item of writtenItems(command.input)) {
    if (item.entity !== 'EVENT') continue;
    current.written?.push(item);
    tally.eventTypes.push(String((item.envelope as { event_type?: string } | undefined)?.event_type));
  }
  return result;
};

function writtenItems(input: Record<string, unknown>): Record<string, unknown>[] {
  type Put = { Put?: { Item?: Record<string, unknown> }; PutRequest?: { Item?: Record<string, unknown> } };
  const transact = (input.TransactItems as Put[] | undefined) ?? [];
  const batch = Object.values((input.RequestItems as Record<string, Put[]> | undefined) ?? {}).flat();
  return [
    ...(input.Item ? [input.Item as Record<string, unknown>] : []),
    ...transact.map((entry) => entry.Put?.Item),
    ...batch.map((entry) => entry.PutRequest?.Item),
  ].filter((item): item is Record<string, unknown> => Boolean(item));
}

/** An object of an inbox: the shared `inbox/` or an organization's `<environment>/<organizationId>/inbox/`. */
const isInboxKey = (key: string) => key.startsWith('inbox/') || scopedInboxKey(key) !== undefined;

/** The report stage of the scenario running: the bank's uploads into the inbox are billed to the bucket's owner. */
let reportTally = newTally();
// The bank channel's bucket, in memory: the real S3 channel's requests, billed to the stage that makes them.
const bucket = installMemoryBucket(BUCKET, (kind, key) => {
  const current = context.getStore();
  const payer = current?.bank ? (kind === 'putCopyList' && isInboxKey(key) ? reportTally : undefined) : current?.tally;
  if (payer && kind === 'putCopyList') payer.s3PutCopyListRequests++;
  else if (payer) payer.s3GetRequests++;
});
const { objects } = bucket;

// The webhook endpoints' receiver.
const received = new Map<string, number>();
let receivedBytes = 0;
const deliveriesReceived = () => [...received.values()].reduce((sum, n) => sum + n, 0);
const receiver = createServer((req, res) => {
  req.on('data', (chunk: Buffer) => {
    receivedBytes += chunk.length;
  });
  req.on('end', () => {
    const id = String(req.headers['webhook-id']);
    received.set(id, (received.get(id) ?? 0) + 1);
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const { port } = receiver.address() as AddressInfo;

const org = await createOrganization(deps.db, deps.clock, { name: 'Payout cost', environment: 'sandbox' });
const { organizationId } = org;
await setAllowance(deps, org.organization, { limit: '900000000', resetPeriodMinutes: 0 });
for (let i = 0; i < ENDPOINTS; i++)
  await createWebhookEndpoint(deps, org, { url: `http://127.0.0.1:${port}/hook/${i}` });

type ApiHandler = (event: unknown, context: unknown) => Promise<ApiResult>;
const route = (operationId: string) => {
  const found = routeList.find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`no route ${operationId}`);
  return found;
};
const apiCall = async (operationId: string, ids: Record<string, string>, body?: unknown) => {
  const definition = route(operationId);
  const handler = await importHandler<ApiHandler>(definition.handler);
  const rawPath = definition.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? '');
  const event = apiEvent({
    method: definition.method,
    path: definition.path,
    rawPath,
    pathParameters: ids,
    headers: { authorization: `Bearer ${org.apiKey}` },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = await handler(event, {});
  if ((answer.statusCode ?? 500) >= 300) throw new Error(`${operationId}: ${answer.statusCode} ${answer.body}`);
  return JSON.parse(String(answer.body)) as Record<string, unknown>;
};
const batcher = await importHandler<() => Promise<{ payments: number }>>(BACKGROUND_FUNCTIONS.PayoutBatcher.handler);
const reports = await importHandler<(event: unknown) => Promise<unknown>>(BACKGROUND_FUNCTIONS.BankReports.handler);
const relay = await importHandler<(event: { Records: DynamoDBRecord[] }) => Promise<unknown>>(
  EVENT_FUNCTIONS.streamRelay,
);
const sender = await importHandler<(event: { Records: SQSRecord[] }) => Promise<unknown>>(
  EVENT_FUNCTIONS.webhookSender,
);

/** A KYC-approved customer with 1000 USDC and a SEPA bank, made without being measured. */
async function givenPayee() {
  const { customerId } = await createCustomer(deps, {
    organizationId,
    name: 'Ada Lovelace',
    accountType: 'individual',
    email: 'ada@example.com',
  });
  await approveKyc(deps, { organizationId, customerId, verifiedName: 'Ada Lovelace' });
  await creditBalance(deps, { organizationId, customerId, amount: '1000' });
  return { customerId, withdrawalBankId: await givenBank(deps, organizationId, customerId) };
}

let sequence = 0;
const streamRecord = (item: Record<string, unknown>): DynamoDBRecord => ({
  eventName: 'INSERT',
  eventSource: 'aws:dynamodb',
  awsRegion: LOCAL_REGION,
  dynamodb: {
    SequenceNumber: String(++sequence).padStart(21, '0'),
    NewImage: marshall(item, { removeUndefinedValues: true }) as never,
  },
});
const sqsRecord = (body: string): SQSRecord => ({
  messageId: crypto.randomUUID(),
  receiptHandle: crypto.randomUUID(),
  body,
  attributes: {
    ApproximateReceiveCount: '1',
    SentTimestamp: String(Date.now()),
    SenderId: 'bench',
    ApproximateFirstReceiveTimestamp: String(Date.now()),
  },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:payouts-bench-webhooks',
  awsRegion: LOCAL_REGION,
});
const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** The events of one write burst, through the relay, the bus and the sender, as their event sources batch them. */
async function deliverEvents(tally: Tally, burst: Record<string, unknown>[]) {
  for (const records of chunks(burst, STREAM_BATCH)) {
    queued.length = 0;
    await invoke(tally, () => relay({ Records: records.map(streamRecord) }));
    tally.events += records.length;
    const messages = queued.splice(0);
    tally.sqsRequests += messages.length * QUEUE_REQUESTS_PER_MESSAGE;
    for (const batch of chunks(messages, QUEUE_BATCH))
      await invoke(tally, () => sender({ Records: batch.map(sqsRecord) }));
  }
}

/** One scenario: `count` payouts created, filed in one run, reported on, their events delivered. */
async function scenario(count: number) {
  const payees = [];
  for (let i = 0; i < count; i++) payees.push(await givenPayee());
  const [create, file, report, webhooks] = [newTally(), newTally(), newTally(), newTally()];
  reportTally = report;
  const storedBefore = bucket.storedBytes;
  const created: { customerId: string; id: string }[] = [];
  for (const { customerId, withdrawalBankId } of payees) {
    create.httpApiRequests++;
    const body = await invoke(create, () =>
      apiCall(
        'createWithdrawal',
        { customerId },
        { withdrawalBankId, sourceAmount: '10', idempotencyKey: crypto.randomUUID() },
      ),
    );
    if (body.status !== 'PROCESSING') throw new Error(`the payout is ${body.status}, not PROCESSING`);
    created.push({ customerId, id: String(body.id) });
  }
  const filed = await invoke(file, () => batcher());
  if (filed.payments !== count) throw new Error(`the batcher filed ${filed.payments} of ${count} payouts`);
  await context.run({ tally: report, bank: true }, () =>
    answerSandboxFiles(deps, bankChannel(deps.config), new Date(Date.now() + 86_400_000)),
  );
  const inbox = [...objects.keys()].filter(isInboxKey);
  for (const key of inbox) {
    await invoke(report, () => reports({ detail: { bucket: { name: BUCKET }, object: { key } } }));
  }
  for (const { customerId, id } of created) {
    const stored = await getTransactionOfCustomer(deps.db, organizationId, customerId, id);
    if (stored?.status !== 'COMPLETED') throw new Error(`payout ${id} is ${stored?.status} after its report`);
  }
  const receivedBefore = deliveriesReceived();
  let events = 0;
  for (const tally of [create, file, report]) {
    for (const burst of tally.eventGroups) {
      await deliverEvents(webhooks, burst);
      events += burst.length;
    }
  }
  const deliveries = deliveriesReceived() - receivedBefore;
  if (deliveries !== events * ENDPOINTS) throw new Error(`${deliveries} deliveries of ${events * ENDPOINTS}`);
  const eventsOf = (tally: Tally) =>
    `${tally.eventTypes.length / count}${tally.eventTypes.length ? ` (${[...new Set(tally.eventTypes)].join(', ')})` : ''}`;
  return {
    stages: { create, file, report, webhooks },
    reports: inbox.length,
    storedBytes: bucket.storedBytes - storedBefore,
    events: `create ${eventsOf(create)}, file ${eventsOf(file)}, report ${eventsOf(report)}`,
  };
}

// Unmeasured, as every operation of the bench: the first run meets the handlers' code paths not yet compiled.
await scenario(1);
const single = await scenario(1);
const batched = await scenario(FILE_SIZE);
const run = (tally: Tally, payouts: number): StageRun => ({ usage: usageOf(tally), payouts });
const stageNames = {
  create: 'create (API)',
  file: 'file (batcher run)',
  report: 'report (pain.002 + camt.054)',
  webhooks: `webhooks (${ENDPOINTS} endpoints)`,
} as const;
const stages: PayoutStage[] = (Object.keys(stageNames) as (keyof typeof stageNames)[]).map((stage) => ({
  name: stageNames[stage],
  single: run(single.stages[stage], 1),
  batched: run(batched.stages[stage], FILE_SIZE),
}));
// A live organization's files go to its bank over SFTP between the file and its reports (a sandbox's never leave).
if (values.channel) stages.splice(2, 0, JSON.parse(readFileSync(values.channel, 'utf8')) as PayoutStage);

// A thousand API reads: get customer, in this process like the rest.
const reads = newTally();
const { customerId } = await givenPayee();
// Unmeasured first: the key's once-a-minute use and the first rate-limit lease, which later reads share.
for (let i = 0; i < 5; i++) await apiCall('getCustomer', { customerId });
for (let i = 0; i < READ_SAMPLES; i++) {
  reads.httpApiRequests++;
  await invoke(reads, () => apiCall('getCustomer', { customerId }));
}
// The batcher's run with nothing to file, every minute whether or not payouts come.
const idle = newTally();
for (let i = 0; i < IDLE_SAMPLES; i++) await invoke(idle, () => batcher());

const rows = payoutCostRows(stages);
const perRead = scaleUsage(usageOf(reads), 1 / READ_SAMPLES);
const idleRun = scaleUsage(usageOf(idle), 1 / IDLE_SAMPLES);
const table = payoutCostMarkdown({
  rows,
  endpoints: ENDPOINTS,
  getCustomer: perRead,
  idleBatcherPerMonth: (costPerMillion(idleRun) / 1e6) * BATCHER_RUNS_PER_MONTH,
  storedBytesPerPayout: batched.storedBytes / FILE_SIZE,
});
process.stdout.write(
  [
    table,
    `Events per payout: ${batched.events}; reports per file: ${batched.reports}; ` +
      `${(receivedBytes / deliveriesReceived() / 1024).toFixed(1)} KiB a webhook delivery.`,
    ...(values.json ? [JSON.stringify({ rows, getCustomer: perRead, idleRun })] : []),
    '',
  ].join('\n'),
);

receiver.close();
await bus.stop();
await dynamo.stop();
process.exit(0);
