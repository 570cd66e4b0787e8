import '#test/support/log-errors.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeList } from '#shared/routes.ts';
import type { RouteDefinition } from '#shared/routing/route.ts';
import { givenMemberSession } from '#test/support/console/member-sessions.ts';
import { type Item, itemsOf, useOwnTable } from '#test/support/db/own-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import {
  credentialModes,
  credentialsFor,
  type Ids,
  MissingProviderError,
  nowhereLike,
  pathOf,
  pathParamsOf,
  providerOf,
  resourceProviders,
  type Tenant,
  TenantResources,
  type Via,
  validRequestFor,
  withQuery,
} from '#test/support/http/route-requests.ts';

/**
 * Generated from the route table: organization B's key against organization A's resources, on every
 * authenticated route. A route added later is covered without touching this file; one whose path parameter
 * has no resource provider fails here until it gets one.
 */
const table = useOwnTable();
const { request, origin } = useApi();

const authenticated = routeList.filter((route) => route.auth);
const addressed = authenticated.filter((route) => pathParamsOf(route).length > 0);
const unaddressed = authenticated.filter((route) => pathParamsOf(route).length === 0);
const allParams = [...new Set(addressed.flatMap(pathParamsOf))];

const label = (route: RouteDefinition, via: Via = 'key') =>
  `${route.method} ${route.path}${via === 'session' && !route.console ? ' (console session)' : ''}`;

/**
 * The route called by `tenant` with `ids` in its path. Its body names the caller's own resources (a withdrawal's
 * bank) unless `named.body` gives others.
 */
async function call(route: RouteDefinition, ids: Ids, tenant: Tenant, named: { body?: Ids; via?: Via } = {}) {
  const own = tenant === a.tenant ? await a.ids() : await b.ids();
  const { body, rawBody, query, headers } = validRequestFor(route, { ...own, ...(named.body ?? {}), ...ids });
  const credentials = credentialsFor(route, tenant, named.via);
  const allHeaders = { ...(headers ?? {}), ...(credentials.headers ?? {}) };
  return request<unknown>(route.method, `${origin()}${withQuery(pathOf(route, ids), query)}`, {
    ...(credentials.key ? { key: credentials.key } : {}),
    ...(body === undefined ? {} : { body }),
    ...(rawBody === undefined ? {} : { rawBody }),
    ...(Object.keys(allHeaders).length ? { headers: allHeaders } : {}),
  });
}

/** Every assignment of the route's parameters to A's or B's ids with at least one of A's. */
function mixes(params: string[], idsA: Ids, idsB: Ids): { ids: Ids; ofA: string[] }[] {
  const out: { ids: Ids; ofA: string[] }[] = [];
  for (let mask = 1; mask < 2 ** params.length; mask++) {
    const ofA = params.filter((_, i) => mask & (2 ** i));
    out.push({ ids: Object.fromEntries(params.map((p) => [p, (ofA.includes(p) ? idsA : idsB)[p] ?? ''])), ofA });
  }
  return out;
}

/**
 * The table as the last test (or the set-up) left it: a test's "before". Each test reads the table once, at its
 * end, and that is the next test's "before": the tests run one after another, and nothing else writes between.
 */
let latest: Item[] = [];

/** The table now, with the snapshot it is to be compared with: the one the previous test (or the set-up) left. */
async function beforeAndAfter(): Promise<{ before: Item[]; after: Item[] }> {
  const before = latest;
  latest = await table.snapshot();
  return { before, after: latest };
}

let a: TenantResources;
let b: TenantResources;

let tenantA: Tenant;
let tenantB: Tenant;

beforeAll(async () => {
  const [orgA, orgB] = await Promise.all([
    givenOrganization(table.deps, { name: 'Organization A' }),
    givenOrganization(table.deps, { name: 'Organization B' }),
  ]);
  // The console's session routes are called with an owner's session of each organization.
  const [ownerA, ownerB] = await Promise.all([
    givenMemberSession(table.deps, orgA.organizationId, 'owner'),
    givenMemberSession(table.deps, orgB.organizationId, 'owner'),
  ]);
  tenantA = { ...orgA, consoleCookie: ownerA.cookie };
  tenantB = { ...orgB, consoleCookie: ownerB.cookie };
});

beforeAll(async () => {
  a = new TenantResources(tenantA, request);
  b = new TenantResources(tenantB, request);
  // Made up front, so that no test's before/after snapshot sees them being made. A parameter without a
  // provider is left to the tests, which name it. Each organization's one after another (a provider may act on
  // what an earlier one made), the two organizations side by side.
  await Promise.all(
    [a, b].map(async (tenant) => {
      for (const param of Object.keys(resourceProviders)) await tenant.need(param);
    }),
  );
  latest = await table.snapshot();
  // Every provider's resources for two organizations: on a busy machine this takes more than the default 10 s.
}, 60_000);

describe('tenant isolation, generated from the route table', () => {
  it('has a resource provider for every path parameter of an authenticated route', () => {
    const missing = allParams.filter((param) => !(param in resourceProviders));
    expect(missing.map((param) => new MissingProviderError(param).message)).toEqual([]);
  });

  it.each(credentialModes(addressed).map(({ route, via }) => [label(route, via), route, via] as const))(
    "%s: B's key (or session) on A's resources answers exactly as for missing ones (404) and changes nothing",
    async (_, route, via) => {
      const params = pathParamsOf(route);
      const idsA: Ids = {};
      const idsB: Ids = {};
      for (const param of params) {
        idsA[param] = await a.need(providerOf(route, param));
        idsB[param] = await b.need(providerOf(route, param));
      }
      if (route.method === 'GET') {
        // The ids are real: A's own key reads them (a read, so it too must leave the table as it was).
        const own = await call(route, idsA, a.tenant, { via });
        expect(own.status, `A reading its own ${label(route, via)}: ${JSON.stringify(own.body)}`).toBeLessThan(300);
      }

      // Each mix, and in it B's request and its twin on ids that exist nowhere, side by side: each must change
      // nothing, so none can change what another answers.
      await Promise.all(
        mixes(params, idsA, idsB).map(async ({ ids, ofA }) => {
          const what = `${label(route)} with A's ${ofA.join(', ')}`;
          // The same request with A's ids replaced by ids that exist nowhere: B must not tell the two apart.
          const nowhere = { ...ids, ...Object.fromEntries(ofA.map((p) => [p, nowhereLike(ids[p] ?? '')])) };
          const [stranger, missing] = await Promise.all([
            call(route, ids, b.tenant, { via }),
            call(route, nowhere, b.tenant, { via }),
          ]);
          expect(stranger.status, `${what}: ${JSON.stringify(stranger.body)}`).toBe(404);
          expect(stranger.body, what).toEqual(missing.body);
          expect(stranger.body, what).toEqual({ error: expect.any(String) });
        }),
      );

      const { before, after } = await beforeAndAfter();
      expect(after, `${label(route)} changed the table`).toEqual(before);
    },
  );

  it.each(credentialModes(unaddressed).map(({ route, via }) => [label(route, via), route, via] as const))(
    "%s: B's answer holds nothing of A's, also when B names A's resources, and A's items stay as they were",
    async (_, route, via) => {
      const idsA = await a.ids();
      const secrets = [a.tenant.organizationId, ...Object.values(idsA)];
      expect(secrets.length, 'A has resources to leak').toBeGreaterThan(1);

      // B's own request, then the same request naming A's resources in its body (an inbound deposit to A's address).
      const own = await call(route, {}, b.tenant, { via });
      const theirs = await call(route, idsA, b.tenant, { body: idsA, via });

      for (const res of [own, theirs]) {
        expect(res.status, `${label(route)}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        const text = JSON.stringify(res.body) + [...res.headers.values()].join('\n');
        for (const secret of secrets) expect(text, `${label(route)} shows B an id of A`).not.toContain(secret);
      }
      const { before, after } = await beforeAndAfter();
      const ofA = (items: Item[]) => itemsOf(items, a.tenant.organizationId);
      expect(ofA(after), `${label(route)} changed A`).toEqual(ofA(before));
    },
  );
});
