/**
 * The benchmark: `npm run bench` (10 s per measurement) or `npm run bench -- --short` (3 s). Not part of the tests.
 *
 * Under `npm start` (a temporary DATA_DIR, free ports), each operation is loaded over HTTP with autocannon, and
 * right after, its floor: the very DynamoDB calls one request of it makes (recorded from the handler in this
 * process), replayed straight against the same DynamoDB Local with the same concurrency. The ratio of the two
 * is what the service costs on top of its database. Also: the middleware and validation cost per request on an
 * in-memory store, list latency with 10 and with 10,000 items in the partition, webhook deliveries per second
 * (test/bench/webhooks.ts) and, when present, bundle sizes and cold imports (test/bench/bundles.ts).
 *
 * Prints a markdown table and writes test/bench/results/latest.json.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '#infra/local/dynamodb.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';
import type { ApiResult } from '#shared/http/api-handler.ts';
import { routeList } from '#shared/routes.ts';
import type { RouteDefinition } from '#shared/routing/route.ts';
import { type CommandPlan, capture, commandCount, describePlan, replayer } from '#test/bench/floor.ts';
import { httpLoad, loopLoad, type Measurement } from '#test/bench/load.ts';
import { measureStartup, type StartupResult } from '#test/bench/startup.ts';
import { customerItem } from '#test/support/customers/customer-items.ts';
import { apiEvent } from '#test/support/http/api-event.ts';
import { type Runtime, startRuntime, untilDatabaseReleased } from '#test/support/local-runtime.ts';

const run = promisify(execFile);
const SHORT = process.argv.includes('--short');
const SECONDS = SHORT ? 3 : 10;
const WARMUP_SECONDS = SHORT ? 1 : 2;
const CONNECTIONS = 8;
const LIST_SIZES = [10, 10_000];
const OVERHEAD_ITERATIONS = SHORT ? 5_000 : 20_000;
const WEBHOOK_EVENTS = SHORT ? 100 : 400;
const RESULTS = join(REPO_ROOT, 'test/bench/results/latest.json');
const UNREFUSED = { RATE_LIMIT_KEY_PER_S: '100000', RATE_LIMIT_ORGANIZATION_PER_S: '100000' };
/** The operation whose floor is measured with and without the rate limits' two counter updates. */
const RATE_LIMIT_PROBE = 'getCustomer';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const route = (operationId: string): RouteDefinition | undefined =>
  routeList.find((candidate) => candidate.operationId === operationId);

/** A valid German IBAN for a running number (check digits by ISO 7064 mod 97-10). */
function germanIban(n: number): string {
  const bban = `37040044${String(n).padStart(10, '0')}`;
  const check = 98 - Number(BigInt(`${bban}131400`) % 97n);
  return `DE${String(check).padStart(2, '0')}${bban}`;
}

type Scenario = {
  name: string;
  operationId: string;
  ids: Record<string, string>;
  body?: () => unknown;
};

type ScenarioResult = {
  name: string;
  operationId: string;
  service: Measurement;
  floor: Measurement;
  ratio: number;
  dynamodbCalls: number;
  calls: string;
};

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-bench-'));
  let runtime: Runtime | undefined;
  try {
    // First, alone on the machine: how long a newcomer waits for `npm start` (chain, bank and workers included).
    const startup = await measureStartup({ LOG_LEVEL: 'error' });
    process.stderr.write('measured the start-up\n');
    // The rate limits count every request as in production, but so high that the load is never refused.
    runtime = await startRuntime(dataDir, { SANDBOX_SETTLE_AFTER_S: 'off', LOG_LEVEL: 'error', ...UNREFUSED });
    const local = runtime.localJson();
    // This process invokes the handlers once per operation, to record their DynamoDB calls for the floor.
    Object.assign(process.env, {
      TABLE_NAME: local.tableName,
      DYNAMODB_ENDPOINT: local.dynamodbEndpoint,
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      DEPOSIT_XPUB: readFileSync(join(dataDir, 'deposit-xpub'), 'utf8').trim(),
      LOG_LEVEL: 'error',
      ...UNREFUSED,
    });
    const { appDeps } = await import('#shared/deps.ts');
    const { hashApiKey } = await import('#shared/organizations/api-keys.ts');
    const deps = appDeps();
    const key = local.apiKey;
    const api = runtime.api;
    const ok = async <T>(res: Promise<{ status: number; body: T }>, what: string) => {
      const done = await res;
      if (done.status >= 300) throw new Error(`${what}: ${done.status} ${JSON.stringify(done.body)}`);
      return done.body;
    };

    // The data the operations work on.
    const { customerId } = await ok(
      api<{ customerId: string }>('POST', '/customers', {
        key,
        body: { name: 'Jane Doe', accountType: 'individual', email: 'jane@example.com' },
      }),
      'customer',
    );
    await ok(api('POST', `/sandbox/customers/${customerId}/kyc/approve`, { key }), 'KYC');
    const bank = await ok(
      api<{ id: string }>('POST', `/customers/${customerId}/withdrawal/banks`, {
        key,
        body: { beneficiaryName: 'Jane Doe', iban: germanIban(0), bic: 'DEUTDEFF' },
      }),
      'bank',
    );
    const withdrawals = Boolean(route('createWithdrawal'));
    let transactionId = '';
    if (withdrawals) {
      await ok(api('POST', `/sandbox/customers/${customerId}/balance`, { key, body: { amount: '900000' } }), 'credit');
      await ok(
        api('POST', '/sandbox/allowance', { key, body: { limit: '900000000', resetPeriodMinutes: 0 } }),
        'allowance',
      );
      transactionId = (
        await ok(
          api<{ id: string }>('POST', `/customers/${customerId}/withdrawal`, {
            key,
            body: { withdrawalBankId: bank.id, sourceAmount: '2.00', idempotencyKey: randomUUID() },
          }),
          'withdrawal',
        )
      ).id;
    }
    let iban = 1;
    const candidates: Scenario[] = [
      {
        name: 'create customer',
        operationId: 'createCustomer',
        ids: {},
        body: () => ({ name: 'Ada Lovelace', accountType: 'individual', email: 'ada@example.com' }),
      },
      { name: 'get customer', operationId: 'getCustomer', ids: { customerId } },
      { name: 'list customers (first page of 50)', operationId: 'listCustomers', ids: {} },
      {
        name: 'create bank (4 derived wallets)',
        operationId: 'createWithdrawalBank',
        ids: { customerId },
        body: () => ({ beneficiaryName: 'Jane Doe', iban: germanIban(iban++), bic: 'DEUTDEFF' }),
      },
      {
        name: 'create withdrawal (executed at once)',
        operationId: 'createWithdrawal',
        ids: { customerId },
        body: () => ({ withdrawalBankId: bank.id, sourceAmount: '2.00', idempotencyKey: randomUUID() }),
      },
      { name: 'get transaction', operationId: 'getTransaction', ids: { customerId, transactionId } },
      { name: 'list wallets', operationId: 'listCustomerWallets', ids: { customerId } },
    ];
    // Each operation as soon as its route exists.
    const scenarios = candidates.filter((scenario) => route(scenario.operationId));

    const keep = [local.organizationId, customerId, bank.id, transactionId, hashApiKey(key)].filter(Boolean);
    const results: ScenarioResult[] = [];
    let rateLimit: RateLimitCost | undefined;
    for (const scenario of scenarios) {
      const definition = route(scenario.operationId) as RouteDefinition;
      const path = definition.path.replace(/\{(\w+)\}/g, (_, name: string) => scenario.ids[name] ?? '');
      const load = (seconds: number) =>
        httpLoad({
          url: `${runtime?.baseUrl}${path}`,
          method: definition.method,
          headers: { authorization: `Bearer ${key}` },
          ...(scenario.body ? { body: scenario.body } : {}),
          connections: CONNECTIONS,
          seconds,
        });
      await load(WARMUP_SECONDS);
      const service = await load(SECONDS);

      const handler = (
        (await import(pathToFileURL(join(REPO_ROOT, definition.handler)).href)) as {
          handler: (event: unknown, context: unknown) => Promise<ApiResult>;
        }
      ).handler;
      const event = apiEvent({
        method: definition.method,
        path: definition.path,
        rawPath: path,
        pathParameters: scenario.ids,
        headers: { authorization: `Bearer ${key}` },
        ...(scenario.body ? { body: JSON.stringify(scenario.body()) } : {}),
      });
      let status = 0;
      const plan = await capture(deps.db, async () => {
        status = (await handler(event, {})).statusCode ?? 0;
      });
      if (status >= 300) throw new Error(`${scenario.name}: the recorded request answered ${status}`);
      const replay = replayer(deps.db, plan, keep);
      await loopLoad(replay, CONNECTIONS, WARMUP_SECONDS);
      const floor = await loopLoad(replay, CONNECTIONS, SECONDS);
      results.push({
        name: scenario.name,
        operationId: scenario.operationId,
        service,
        floor,
        ratio: service.rps / floor.rps,
        dynamodbCalls: commandCount(plan),
        calls: describePlan(plan),
      });
      process.stderr.write(`measured ${scenario.name}\n`);
      if (scenario.operationId === RATE_LIMIT_PROBE) {
        // The same floor without the rate-limit updates: what counting costs per request, as a ratio of floors.
        const without = { stages: withoutRateLimitStages(plan) };
        const bare = replayer(deps.db, without, keep);
        await loopLoad(bare, CONNECTIONS, WARMUP_SECONDS);
        const withoutLimits = await loopLoad(bare, CONNECTIONS, SECONDS);
        rateLimit = {
          operation: scenario.name,
          withLimits: floor,
          withoutLimits,
          ratio: withoutLimits.rps / floor.rps,
          calls: describePlan(plan),
        };
        process.stderr.write('measured the rate limits\n');
      }
    }

    // List latency by partition size: organizations of their own, their customers written straight to the table.
    const { createOrganization } = await import('#shared/organizations/organization-admin.ts');
    const lists: { items: number; service: Measurement }[] = [];
    const baseUrl = runtime.baseUrl;
    for (const size of LIST_SIZES) {
      const org = await createOrganization(deps.db, deps.clock, { name: `List ${size}`, environment: 'sandbox' });
      await seedCustomers(deps.db, org.organizationId, size);
      const load = (seconds: number) =>
        httpLoad({
          url: `${baseUrl}/api/v2/customers`,
          method: 'GET',
          headers: { authorization: `Bearer ${org.apiKey}` },
          connections: 1,
          seconds,
        });
      await load(WARMUP_SECONDS);
      lists.push({ items: size, service: await load(SECONDS) });
      process.stderr.write(`measured a list of ${size}\n`);
    }

    await runtime.stop('SIGKILL');
    await untilDatabaseReleased(dataDir).catch(() => undefined);
    runtime = undefined;

    const { measureOverhead } = await import('#test/bench/overhead.ts');
    const overhead = await measureOverhead(OVERHEAD_ITERATIONS);
    process.stderr.write('measured the middleware\n');
    const webhooks = await companion('test/bench/webhooks.ts', [
      '--events',
      String(WEBHOOK_EVENTS),
      '--endpoints',
      '2',
    ]);
    const bundles = await companion('test/bench/bundles.ts', ['--runs', SHORT ? '1' : '5']);
    const sweepGas = await companion('test/bench/sweep-gas.ts', []);

    const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`;
    const report = {
      date: new Date().toISOString(),
      mode: SHORT ? 'short' : 'full',
      machine,
      settings: { seconds: SECONDS, connections: CONNECTIONS },
      startup,
      operations: results,
      rateLimit,
      lists,
      overhead,
      webhooks,
      bundles,
      sweepGas,
    };
    mkdirSync(join(REPO_ROOT, 'test/bench/results'), { recursive: true });
    writeFileSync(RESULTS, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`${markdown(report)}\n`);
  } finally {
    await runtime?.stop('SIGKILL');
    await untilDatabaseReleased(dataDir).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Customers written straight to the table in batches of 25, newest last, as the service stores them. */
async function seedCustomers(
  db: { client: { send: (c: BatchWriteCommand) => Promise<unknown> }; tableName: string },
  organizationId: string,
  count: number,
) {
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < count; i += 25) {
    batches.push(
      Array.from({ length: Math.min(25, count - i) }, (_, j) =>
        customerItem(organizationId, { createdAt: new Date(start + (i + j) * 1000).toISOString() }),
      ),
    );
  }
  const parallel = 4;
  for (let i = 0; i < batches.length; i += parallel) {
    await Promise.all(
      batches.slice(i, i + parallel).map(async (items) => {
        let pending = items.map((Item) => ({ PutRequest: { Item } }));
        while (pending.length) {
          const result = (await db.client.send(
            new BatchWriteCommand({ RequestItems: { [db.tableName]: pending } }),
          )) as { UnprocessedItems?: Record<string, typeof pending> };
          pending = result.UnprocessedItems?.[db.tableName] ?? [];
        }
      }),
    );
  }
}

/** Another benchmark script of the repository, run as a process of its own; its output is kept as it printed it. */
async function companion(script: string, args: string[]) {
  if (!existsSync(join(REPO_ROOT, script))) return { script, output: null };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'error' },
    maxBuffer: 16 * 1024 * 1024,
  });
  process.stderr.write(`ran ${script}\n`);
  return { script, output: stdout.trim() };
}

type Report = {
  date: string;
  mode: string;
  machine: string;
  settings: { seconds: number; connections: number };
  startup: StartupResult;
  operations: ScenarioResult[];
  rateLimit: RateLimitCost | undefined;
  lists: { items: number; service: Measurement }[];
  overhead: { route: string; stackNs: number; bareNs: number; overheadNs: number }[];
  webhooks: { script: string; output: string | null };
  bundles: { script: string; output: string | null };
  sweepGas: { script: string; output: string | null };
};

const n = (value: number, digits = 0) => value.toFixed(digits);

type RateLimitCost = {
  operation: string;
  withLimits: Measurement;
  withoutLimits: Measurement;
  /** Floor ops/s without the counters ÷ with them: 1.25 means counting costs a fifth of the floor's throughput. */
  ratio: number;
  calls: string;
};

/** A plan's stages without the rate-limit counter updates (shared/http/rate-limits.ts). */
const withoutRateLimitStages = (plan: CommandPlan) =>
  plan.stages
    .map((stage) => stage.filter((command) => !command.input.includes('"RATELIMIT#')))
    .filter((stage) => stage.length > 0);

function markdown(report: Report): string {
  const lines = [
    `Benchmark (${report.mode}: ${report.settings.seconds} s per measurement, ${report.settings.connections} connections), ${report.date.slice(0, 10)}, ${report.machine}.`,
    '',
    '| operation | service req/s | p50 ms | p99 ms | floor ops/s | floor p50 ms | floor p99 ms | service ÷ floor | DynamoDB calls per request |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...report.operations.map(
      (r) =>
        `| ${r.name} | ${n(r.service.rps)} | ${n(r.service.p50, 1)} | ${n(r.service.p99, 1)} | ${n(r.floor.rps)} | ` +
        `${n(r.floor.p50, 1)} | ${n(r.floor.p99, 1)} | ${n(r.ratio, 2)} | ${r.dynamodbCalls}: ${r.calls} |`,
    ),
    '',
    ...(report.rateLimit
      ? [
          '| rate limits (per key and per organization, counted in the table) | floor ops/s | floor p50 ms | floor p99 ms |',
          '| --- | ---: | ---: | ---: |',
          `| ${report.rateLimit.operation} with the counters (${report.rateLimit.calls}) | ${n(report.rateLimit.withLimits.rps)} | ${n(report.rateLimit.withLimits.p50, 1)} | ${n(report.rateLimit.withLimits.p99, 1)} |`,
          `| ${report.rateLimit.operation} without them | ${n(report.rateLimit.withoutLimits.rps)} | ${n(report.rateLimit.withoutLimits.p50, 1)} | ${n(report.rateLimit.withoutLimits.p99, 1)} |`,
          `| without ÷ with | ${n(report.rateLimit.ratio, 2)} | | |`,
          '',
        ]
      : []),
    '| start-up, empty data folder | npm start s | floor: DynamoDB Local alone s | npm start ÷ floor |',
    '| --- | ---: | ---: | ---: |',
    `| until it serves (target under 20 s) | ${n(report.startup.serviceSeconds, 1)} | ${n(report.startup.floorSeconds, 1)} | ${n(report.startup.ratio, 2)} |`,
    '',
    '| list customers (first page), one connection | req/s | p50 ms | p99 ms |',
    '| --- | ---: | ---: | ---: |',
    ...report.lists.map(
      (l) =>
        `| ${l.items.toLocaleString('en')} customers in the partition | ${n(l.service.rps)} | ${n(l.service.p50, 1)} | ${n(l.service.p99, 1)} |`,
    ),
    '',
    '| HTTP stack on an in-memory store | with the stack ns/op | bare ns/op | stack overhead µs/request |',
    '| --- | ---: | ---: | ---: |',
    ...report.overhead.map((o) => `| ${o.route} | ${n(o.stackNs)} | ${n(o.bareNs)} | ${n(o.overheadNs / 1000, 1)} |`),
  ];
  const failures = report.operations.filter((r) => r.service.failed || r.floor.failed);
  if (failures.length) {
    lines.push(
      '',
      ...failures.map(
        (r) => `Note: ${r.name}: ${r.service.failed} failed requests, ${r.floor.failed} failed floor operations.`,
      ),
    );
  }
  if (report.webhooks.output) lines.push('', '```', report.webhooks.output, '```');
  if (report.bundles.output) lines.push('', report.bundles.output);
  if (report.sweepGas.output) lines.push('', report.sweepGas.output);
  return lines.join('\n');
}

await main();
process.exit(0);
