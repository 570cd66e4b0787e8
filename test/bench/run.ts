/**
 * The benchmark: `npm run bench` (10 s per measurement) or `npm run bench -- --short` (3 s). Not part of the tests.
 *
 * Under `npm start` (a temporary DATA_DIR, free ports), each operation is loaded over HTTP with autocannon, and
 * beside it its floor: the very DynamoDB calls one request of it makes (recorded from the handler in this
 * process), replayed straight against the same DynamoDB Local with the same concurrency. The ratio of the two
 * is what the service costs on top of its database. The floor is also served over HTTP by a bare server
 * (test/bench/http-floor-server.ts), which says how much of that is the HTTP hop alone. Also: the middleware and validation cost per request on an
 * in-memory store, list latency with 10 and with 10,000 items in the partition, webhook deliveries per second
 * (test/bench/webhooks.ts) and, when present, bundle sizes and cold imports (test/bench/bundles.ts); the companions
 * below (the SFTP bank channel, what a payout costs, ...) each in a process of its own.
 *
 * Prints markdown tables, writes them to docs/bench/results.md (generated: the READMEs link to it) and the raw
 * figures to test/bench/results/latest.json.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { FUNCTION_MEMORY_MB } from '#infra/aws/function.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '#infra/local/dynamodb.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';
import type { ApiResult } from '#shared/http/api-handler.ts';
import { routeList } from '#shared/routes.ts';
import type { RouteDefinition } from '#shared/routing/route.ts';
import { DEFAULT_LIMIT } from '#shared/routing/schemas.ts';
import { cpuMeter } from '#test/bench/cpu.ts';
import {
  type CommandPlan,
  capture,
  commandCount,
  consumedUnits,
  describePlan,
  eventsWritten,
  replayer,
} from '#test/bench/floor.ts';
import { startHttpFloor } from '#test/bench/http-floor.ts';
import { httpLoad, loopLoad, type Measurement } from '#test/bench/load.ts';
import { NO_USAGE } from '#test/bench/prices.ts';
import { idleLatency, untilQuiet } from '#test/bench/quiet.ts';
import { measureRateLimits } from '#test/bench/rate-limit-cost.ts';
import {
  markdown,
  medianRun,
  type RateLimitCost,
  RESULTS_DOCUMENT,
  resultsDocument,
  type ScenarioResult,
  type ScenarioRun,
} from '#test/bench/report.ts';
import { seedCustomers } from '#test/bench/seed.ts';
import { measureStartup } from '#test/bench/startup.ts';
import { apiEvent } from '#test/support/http/api-event.ts';
import { type Runtime, startRuntime, untilDatabaseReleased } from '#test/support/local-runtime.ts';

const run = promisify(execFile);
const KNOWN = ['--short', '--only', '--help', '-h'];
const unknown = process.argv
  .slice(2)
  .filter((arg, i, args) => arg.startsWith('-') && !KNOWN.includes(arg) && args[i - 1] !== '--only');
if (process.argv.includes('--help') || process.argv.includes('-h') || unknown.length > 0) {
  // Said before anything starts: a run starts `npm start` and its companions, which a mistyped option should not.
  process.stdout.write(
    `${unknown.length > 0 ? `Unknown option ${unknown.join(' ')}.\n` : ''}` +
      'npm run bench [-- --short] [-- --only <operationId,...>]\n' +
      '  (none)   every measurement, 10 s each, and the companions (SFTP channel of 10,000 payouts, payout cost, ...)\n' +
      '  --short  3 s a measurement, 500 payouts through the SFTP channel\n' +
      '  --only   those API operations alone, without the start-up, lists, middleware and companions\n' +
      'Results: docs/bench/results.md and test/bench/results/latest.json.\n',
  );
  process.exit(unknown.length > 0 ? 2 : 0);
}
const SHORT = process.argv.includes('--short');
/** `--only getCustomer,createCustomer`: those operations alone, without the start-up, lists, middleware and companions. */
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1]?.split(',') : undefined;
const SECONDS = SHORT ? 3 : 10;
const WARMUP_SECONDS = SHORT ? 1 : 2;
const CONNECTIONS = 8;
/** Each operation and its floor are measured this many times, alternately, so a ratio is not one noisy sample. */
const RUNS = 3;
const LIST_SIZES = [10, 10_000];
const OVERHEAD_ITERATIONS = SHORT ? 5_000 : 20_000;
const WEBHOOK_EVENTS = SHORT ? 100 : 400;
const RESULTS = join(REPO_ROOT, 'test/bench/results/latest.json');
const UNREFUSED = { RATE_LIMIT_KEY_PER_S: '100000', RATE_LIMIT_ORGANIZATION_PER_S: '100000' };
/** The operation measured in this process with and without the rate limits' database calls. */
const RATE_LIMIT_PROBE = 'getCustomer';
/** The longest wait for the runtime to be quiet before a measurement. */
const QUIET_MAX_SECONDS = SHORT ? 5 : 10;

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

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-bench-'));
  let runtime: Runtime | undefined;
  try {
    // First, alone on the machine: how long a newcomer waits for `npm start` (chain, bank and workers included).
    const startup = ONLY ? undefined : await measureStartup({ LOG_LEVEL: 'error' });
    if (startup) process.stderr.write('measured the start-up\n');
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
    const { authenticate } = await import('#shared/http/auth.ts');
    const { enforceRateLimits } = await import('#shared/http/rate-limits.ts');
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
    // The list's first page is a full one (and has a next) even when no create customer ran before it (`--only`).
    await seedCustomers(deps.db, local.organizationId, DEFAULT_LIMIT + 10);
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
    const scenarios = candidates.filter(
      (scenario) => route(scenario.operationId) && (!ONLY || ONLY.includes(scenario.operationId)),
    );

    const keep = [local.organizationId, customerId, bank.id, transactionId, hashApiKey(key)].filter(Boolean);
    const floorAuth = await authenticate(deps, `Bearer ${key}`);
    const results: ScenarioResult[] = [];
    let rateLimit: RateLimitCost | undefined;
    const loadOf = (scenario: Scenario) => {
      const definition = route(scenario.operationId) as RouteDefinition;
      const path = definition.path.replace(/\{(\w+)\}/g, (_, name: string) => scenario.ids[name] ?? '');
      const load = (seconds: number, baseUrl = runtime?.baseUrl) =>
        httpLoad({
          url: `${baseUrl}${path}`,
          method: definition.method,
          headers: { authorization: `Bearer ${key}` },
          ...(scenario.body ? { body: scenario.body } : {}),
          connections: CONNECTIONS,
          seconds,
        });
      return { definition, path, load };
    };
    // Each measurement starts once the runtime has relayed and batched what the last one wrote (test/bench/quiet.ts),
    // as quick to answer as after the set-up's writes had a few seconds to go through.
    const healthUrl = `${runtime.baseUrl}/api/v2/health`;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const idleMs = await idleLatency(healthUrl);
    const meter = cpuMeter(runtime.child.pid ?? 0, Number(new URL(local.dynamodbEndpoint).port));
    // Every operation once before any is measured: the first measured is not the one that meets the runtime's
    // start (its workers catching up on the stream of the set-up's writes, the code paths not yet compiled).
    for (const scenario of scenarios) await loadOf(scenario).load(WARMUP_SECONDS);
    for (const scenario of scenarios) {
      const { definition, path, load } = loadOf(scenario);
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
      let answer: ApiResult = {};
      const recorded = await capture(deps.db, async () => {
        answer = await handler(event, {});
      });
      if ((answer.statusCode ?? 0) >= 300) {
        throw new Error(`${scenario.name}: the recorded request answered ${answer.statusCode}`);
      }
      // The floor takes the limits' leases as the service does: the same limiter, in this process, after the
      // authentication stage (at these rates one request in three to ten makes one, each a write).
      const plan = withoutRateLimitStages(recorded);
      const replay = replayer(deps.db, plan, keep, () => enforceRateLimits(deps, floorAuth));
      const httpFloor = await startHttpFloor({
        plan,
        keep,
        apiKey: key,
        response: {
          statusCode: answer.statusCode ?? 200,
          headers: Object.fromEntries(
            Object.entries(answer.headers ?? {}).map(([name, value]) => [name, String(value)]),
          ),
          body: answer.body ?? '',
        },
      });
      const runs: ScenarioRun[] = [];
      let unquiet = 0;
      try {
        await load(WARMUP_SECONDS);
        await loopLoad(replay, CONNECTIONS, WARMUP_SECONDS);
        await load(WARMUP_SECONDS, httpFloor.url);
        const quiet = async () => {
          if (!(await untilQuiet(healthUrl, idleMs, QUIET_MAX_SECONDS))) unquiet++;
        };
        const measures = {
          service: () => meter.measure(() => load(SECONDS), true),
          floor: () => meter.measure(() => loopLoad(replay, CONNECTIONS, SECONDS), false),
          httpFloor: () => meter.measure(() => load(SECONDS, httpFloor.url), false),
        };
        const order = Object.keys(measures) as (keyof typeof measures)[];
        for (let i = 0; i < RUNS; i++) {
          // Each goes first in one run: a machine still warming (V8's and DynamoDB Local's compilers) or cooling
          // down favours whichever goes later, and rotating the order spreads that over all three.
          const measured: Partial<Record<keyof typeof measures, Awaited<ReturnType<typeof measures.service>>>> = {};
          for (const name of [...order.slice(i % order.length), ...order.slice(0, i % order.length)]) {
            await quiet();
            measured[name] = await measures[name]();
          }
          const { service, floor, httpFloor: overHttp } = measured as Required<typeof measured>;
          const cpu = service.cpu && floor.cpu ? { cpu: { service: service.cpu, floor: floor.cpu } } : {};
          runs.push({
            service: service.result,
            floor: floor.result,
            httpFloor: overHttp.result,
            ratio: service.result.rps / floor.result.rps,
            ...cpu,
          });
        }
      } finally {
        await httpFloor.stop();
      }
      const { median, ratios } = medianRun(runs);
      const events = eventsWritten(plan);
      results.push({
        name: scenario.name,
        operationId: scenario.operationId,
        median,
        ratios,
        httpFloorRatios: runs.map((run) => run.httpFloor.rps / run.floor.rps),
        serviceOverHttpFloorRatios: runs.map((run) => run.service.rps / run.httpFloor.rps),
        dynamodbCalls: commandCount(plan),
        calls: describePlan(plan),
        usage: {
          ...NO_USAGE,
          ...(await consumedUnits(deps.db, plan, keep)),
          httpApiRequests: 1,
          lambdaInvocations: 1,
          // The request's latency stands in for the function's billed duration.
          lambdaGbSeconds: (FUNCTION_MEMORY_MB / 1024) * (median.service.p50 / 1000),
          events,
          // Each event: the bus rule's send to the webhook queue, the sender's receive and its delete.
          sqsRequests: events * 3,
        },
      });
      const waits = unquiet ? ` (${unquiet} of ${3 * RUNS} waits for a quiet runtime ran out)` : '';
      process.stderr.write(`measured ${scenario.name}${waits}\n`);
      if (scenario.operationId === RATE_LIMIT_PROBE) {
        const settings = { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, runs: RUNS };
        const invoke = async () => {
          const answer = await handler(event, {});
          if ((answer.statusCode ?? 500) >= 300) throw new Error(`answered ${answer.statusCode}`);
        };
        rateLimit = await measureRateLimits(deps.db, scenario.name, invoke, settings);
        process.stderr.write('measured the rate limits\n');
      }
    }

    // List latency by partition size: organizations of their own, their customers written straight to the table.
    const { createOrganization } = await import('#shared/organizations/organization-admin.ts');
    const lists: { items: number; service: Measurement }[] = [];
    const baseUrl = runtime.baseUrl;
    for (const size of ONLY ? [] : LIST_SIZES) {
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
    const overhead = ONLY ? [] : await measureOverhead(OVERHEAD_ITERATIONS);
    process.stderr.write('measured the middleware\n');
    const webhookArgs = ['--events', String(WEBHOOK_EVENTS), '--endpoints', '2', '--rate', '20'];
    const webhooks = await companion('test/bench/webhooks.ts', [...webhookArgs, '--seconds', String(SECONDS)]);
    const bundles = await companion('test/bench/bundles.ts', ['--runs', SHORT ? '1' : '5']);
    const sweepGas = await companion('test/bench/sweep-gas.ts', []);
    const depositWebhook = await companion('test/bench/deposit-webhook.ts', ['--samples', SHORT ? '5' : '20']);
    // A 10,000-entry statement of money paid in, applied, then repeated (shared/bank-credits/).
    const bankCredits = await companion('test/bench/bank-credits.ts', ['--entries', SHORT ? '2000' : '10000']);
    // The SFTP bank channel: payouts from PROCESSING to COMPLETED through a real OpenSSH server, PGP on.
    const channelStage = join(dataDir, 'bank-channel-stage.json');
    const bankChannel = await companion('test/bench/bank-channel.ts', [
      ...['--payouts', SHORT ? '500' : '10000', '--stage-out', channelStage],
    ]);
    // One payout end to end (create, the file, the channel, the reports, the webhooks), alone in its file and in a
    // full one.
    const payoutCost = await companion('test/bench/payout-cost.ts', [
      ...['--payouts', '99', '--endpoints', '2'],
      ...(existsSync(channelStage) ? ['--channel', channelStage] : []),
    ]);
    const sanctionsScreening = await companion(
      'test/bench/sanctions-screening.ts',
      SHORT ? ['--rescreen', '20000'] : [],
    );

    const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`;
    const report = {
      date: new Date().toISOString(),
      mode: SHORT ? 'short' : 'full',
      machine,
      settings: { seconds: SECONDS, connections: CONNECTIONS, runs: RUNS },
      startup,
      operations: results,
      rateLimit,
      lists,
      overhead,
      webhooks,
      bundles,
      sweepGas,
      depositWebhook,
      bankCredits,
      bankChannel,
      payoutCost,
      sanctionsScreening,
    };
    mkdirSync(join(REPO_ROOT, 'test/bench/results'), { recursive: true });
    writeFileSync(RESULTS, `${JSON.stringify(report, null, 2)}\n`);
    const args = process.argv.slice(2);
    const command = ['npm run bench', ...(args.length ? ['--', ...args] : [])].join(' ');
    mkdirSync(join(REPO_ROOT, dirname(RESULTS_DOCUMENT)), { recursive: true });
    writeFileSync(join(REPO_ROOT, RESULTS_DOCUMENT), resultsDocument(report, command));
    process.stdout.write(`${markdown(report)}\n`);
  } finally {
    await runtime?.stop('SIGKILL');
    await untilDatabaseReleased(dataDir).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Another benchmark script of the repository, run as a process of its own; its output is kept as it printed it. */
async function companion(script: string, args: string[]) {
  if (ONLY || !existsSync(join(REPO_ROOT, script))) return { script, output: null };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'error' },
    maxBuffer: 16 * 1024 * 1024,
  });
  process.stderr.write(`ran ${script}\n`);
  return { script, output: stdout.trim() };
}

/**
 * A plan's stages without the stack's bookkeeping as the recorded request happened to make it: the rate-limit
 * leases (shared/http/rate-limits.ts; the floor takes them from its own limiter instead, as often as the service
 * does) and a key's `lastUsedAt` (at most once a minute, shared/http/key-use.ts; replayed it would fail its
 * condition every time after the first).
 */
const withoutRateLimitStages = (plan: CommandPlan): CommandPlan => ({
  stages: plan.stages
    .map((stage) =>
      stage.filter(
        (command) => !command.input.includes('"RATELIMIT#') && !command.input.includes('"SET lastUsedAt = :now"'),
      ),
    )
    .filter((stage) => stage.length > 0),
});

await main();
process.exit(0);
