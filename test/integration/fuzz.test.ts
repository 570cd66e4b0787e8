import '#test/support/log-errors.ts';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_KEY_PREFIX, RATE_LIMIT_KEY_PREFIX, SESSION_KEY_PREFIX } from '#shared/db/keys.ts';
import { appDeps } from '#shared/deps.ts';
import { routeList } from '#shared/routes.ts';
import type { RouteDefinition } from '#shared/routing/route.ts';
import { givenMemberSession } from '#test/support/console/member-sessions.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { encodeSegment, type FuzzRequest, requestArbitrary, toJsonText } from '#test/support/http/fuzz.ts';
import { useApi } from '#test/support/http/local-api.ts';
import {
  credentialModes,
  credentialsFor,
  type Ids,
  pathParamsOf,
  providerOf,
  resourceProviders,
  type Tenant,
  TenantResources,
  type Via,
  validRequestFor,
} from '#test/support/http/route-requests.ts';

/**
 * Property-based requests to every route of the route table, through the real local HTTP adapter: never a
 * 5xx, every refusal the `{"error": string}` object (and held to the OpenAPI document by the checked fetch),
 * and nothing written by a refused request (the whole table, which only this file uses, read before and after
 * every request that wrote anything).
 * FUZZ_RUNS sets the runs per route; FUZZ_SEED replays a failure fast-check reported.
 */
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/**
 * A GET's runs in flight at once: enough to overlap the service and DynamoDB Local, few enough that DynamoDB
 * Local on two busy cores answers each within the request's database deadline (a storm of them would not).
 */
const READS_AT_ONCE = 4;

const table = useOwnTable();
const { request, origin } = useApi();

let tenant: Tenant;
let resources: TenantResources;

/**
 * The table as a refused request must leave it. Two writes happen by design whatever the answer: a sign-in
 * attempt counts against the rate limit (RATELIMIT items), and a console session's idle deadline moves on as it
 * is used (its lastSeenAt and idleUntil).
 */
const snapshot = async () =>
  (await table.snapshot())
    .filter((item) => !String(item.pk).startsWith('RATELIMIT#'))
    .map((item) => (String(item.pk).startsWith('SESSION#') ? { ...item, lastSeenAt: '', idleUntil: '' } : item));

/**
 * Whether the service wrote anything but its bookkeeping since the table was last read: a request that wrote
 * nothing cannot have changed the table, so its run needs no scan (the scans were most of this file's time). The
 * bookkeeping is what the snapshot leaves out anyway: rate-limit counters, a key's `lastUsedAt`, a session's idle
 * deadline. Only writes that succeeded count; a refused condition changes nothing.
 */
let wroteSinceRead = false;

/**
 * The table as the last test left it, if it read it or tracked every write since: the next test's starting point
 * when nothing wrote in between (the tests run one after another), so only the first test scans to begin.
 */
let lastRead: Awaited<ReturnType<typeof snapshot>> | undefined;
const BOOKKEEPING = [RATE_LIMIT_KEY_PREFIX, API_KEY_KEY_PREFIX, SESSION_KEY_PREFIX];

function watchServiceWrites() {
  appDeps().db.client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const command = context.commandName ?? '';
      const pk = String((args.input as { Key?: { pk?: unknown } }).Key?.pk ?? '');
      const bookkeeping = /^Update(Item)?Command$/.test(command) && BOOKKEEPING.some((p) => pk.startsWith(p));
      if (/^(Put|Update|Delete|BatchWrite|TransactWrite)/.test(command) && !bookkeeping) wroteSinceRead = true;
      return result;
    },
    { step: 'initialize', name: 'fuzzWriteWatch' },
  );
}

beforeAll(async () => {
  watchServiceWrites();
  const org = await givenOrganization(table.deps, { name: 'Fuzzed organization' });
  const owner = await givenMemberSession(table.deps, org.organizationId, 'owner');
  tenant = { ...org, consoleCookie: owner.cookie };
  resources = new TenantResources(tenant, request);
  // Made before any fuzzing, which may delete or change them (a valid DELETE is a fine outcome of a run).
  for (const param of Object.keys(resourceProviders)) await resources.need(param);
});

const realIds = async (route: RouteDefinition): Promise<Ids> => {
  const ids: Ids = {};
  for (const param of pathParamsOf(route)) ids[param] = await resources.need(providerOf(route, param));
  return ids;
};

function send(route: RouteDefinition, fuzz: FuzzRequest, via: Via) {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeSegment(fuzz.ids[name] ?? ''));
  const search = new URLSearchParams(fuzz.query as Record<string, string>).toString();
  const hasBody = fuzz.body !== undefined && route.method !== 'GET';
  const credentials = fuzz.withKey ? credentialsFor(route, tenant, via) : {};
  return request<unknown>(route.method, `${origin()}${path}${search ? `?${search}` : ''}`, {
    ...(credentials.key ? { key: credentials.key } : {}),
    ...(hasBody ? { rawBody: toJsonText(fuzz.body) } : {}),
    headers: { ...fuzz.headers, ...(credentials.headers ?? {}) },
  });
}

describe('fuzzing every route of the route table', () => {
  const label = (route: RouteDefinition, via: Via) =>
    `${route.method} ${route.path}${via === 'session' && !route.console ? ' (console session)' : ''}`;
  it.each(credentialModes(routeList).map(({ route, via }) => [label(route, via), route, via] as const))(
    '%s: never a 5xx, every refusal {"error": string}, nothing written by a refused request',
    async (_, route, via) => {
      const ids = await realIds(route);
      const valid = validRequestFor(route, { ...(await resources.ids()), ...ids });
      const arbitrary = requestArbitrary(route, { ids, body: valid.body, query: valid.query ?? {} });
      // A GET must never write, whatever it answers: one read of the table around all its runs is enough.
      const reads = route.method === 'GET';
      const initial = lastRead !== undefined && !wroteSinceRead ? lastRead : await snapshot();
      lastRead = undefined;
      let before = initial;
      wroteSinceRead = false;

      /** One run: never a 5xx, every refusal the error object. */
      const answered = async (fuzz: FuzzRequest) => {
        const res = await send(route, fuzz, via);
        const what = `${route.method} ${route.path} -> ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
        expect(res.status, what).toBeLessThan(500);
        // A validation refusal may also name each field's problem (`fields`, Compose's sentences in `error`).
        if (res.status >= 400)
          expect(res.body, what).toEqual({
            error: expect.any(String),
            ...((res.body as { fields?: unknown }).fields === undefined
              ? {}
              : { fields: expect.toSatisfy((f: object) => Object.values(f).every((v) => typeof v === 'string')) }),
          });
        return { res, what };
      };
      const seed = FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31);
      const sequentially = () =>
        fc.assert(
          fc.asyncProperty(arbitrary, async (fuzz) => {
            const { res, what } = await answered(fuzz);
            if (reads || !wroteSinceRead) return;
            const after = await snapshot();
            wroteSinceRead = false;
            if (res.status >= 400) expect(after, `${what} wrote to the table`).toEqual(before);
            before = after;
          }),
          { numRuns: FUZZ_RUNS, seed },
        );

      if (reads) {
        // A GET's runs are independent (the table is read once around them all), so they are sent a few at a time:
        // the in-process service and DynamoDB Local then work side by side instead of in turn. Only a failure is
        // run again one at a time, for fast-check to shrink it and name its seed (FUZZ_SEED replays both).
        const runs = fc.sample(arbitrary, { numRuns: FUZZ_RUNS, seed });
        const outcomes: PromiseSettledResult<unknown>[] = [];
        for (let at = 0; at < runs.length; at += READS_AT_ONCE) {
          outcomes.push(...(await Promise.allSettled(runs.slice(at, at + READS_AT_ONCE).map(answered))));
        }
        const failure = outcomes.find((outcome) => outcome.status === 'rejected');
        if (failure) {
          await sequentially();
          throw new Error(`seed ${seed}: ${String(failure.reason)}`, { cause: failure.reason });
        }
      } else await sequentially();
      if (reads) expect(await snapshot(), `${route.method} ${route.path} wrote to the table`).toEqual(initial);
      // Every run that wrote was followed by a read, so the table is `before` (a GET's: the read just checked).
      lastRead = before;
    },
    // FUZZ_RUNS requests and the table reads around them: seconds each on two loaded cores, not 30 in all.
    FUZZ_RUNS * 6_000,
  );
});
