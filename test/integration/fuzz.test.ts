import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeList } from '#shared/routes.ts';
import type { RouteDefinition } from '#shared/routing/route.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { encodeSegment, type FuzzRequest, requestArbitrary, toJsonText } from '#test/support/http/fuzz.ts';
import { useApi } from '#test/support/http/local-api.ts';
import {
  type Ids,
  pathParamsOf,
  resourceProviders,
  TenantResources,
  validRequestFor,
} from '#test/support/http/route-requests.ts';

/**
 * Property-based requests to every route of the route table, through the real local HTTP adapter: never a
 * 5xx, every refusal the `{"error": string}` object (and held to the OpenAPI document by the checked fetch),
 * and nothing written by a refused request (the whole table, which only this file uses, read before and after).
 * FUZZ_RUNS sets the runs per route; FUZZ_SEED replays a failure fast-check reported.
 */
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const table = useOwnTable();
const { request, origin } = useApi();

let apiKey: string;
let resources: TenantResources;

beforeAll(async () => {
  const org = await givenOrganization(table.deps, { name: 'Fuzzed organization' });
  apiKey = org.apiKey;
  resources = new TenantResources(org, request);
  // Made before any fuzzing, which may delete or change them (a valid DELETE is a fine outcome of a run).
  for (const param of Object.keys(resourceProviders)) await resources.need(param);
});

const realIds = async (route: RouteDefinition): Promise<Ids> => {
  const ids: Ids = {};
  for (const param of pathParamsOf(route)) ids[param] = await resources.need(param);
  return ids;
};

function send(route: RouteDefinition, fuzz: FuzzRequest) {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeSegment(fuzz.ids[name] ?? ''));
  const search = new URLSearchParams(fuzz.query as Record<string, string>).toString();
  const hasBody = fuzz.body !== undefined && route.method !== 'GET';
  return request<unknown>(route.method, `${origin()}${path}${search ? `?${search}` : ''}`, {
    ...(fuzz.withKey ? { key: apiKey } : {}),
    ...(hasBody ? { rawBody: toJsonText(fuzz.body) } : {}),
    headers: fuzz.headers,
  });
}

describe('fuzzing every route of the route table', () => {
  it.each(routeList.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: never a 5xx, every refusal {"error": string}, nothing written by a refused request',
    async (_, route) => {
      const ids = await realIds(route);
      const valid = validRequestFor(route, { ...(await resources.ids()), ...ids });
      const arbitrary = requestArbitrary(route, { ids, body: valid.body, query: valid.query ?? {} });
      // A GET must never write, whatever it answers: one read of the table around all its runs is enough.
      const reads = route.method === 'GET';
      const initial = await table.snapshot();
      let before = initial;

      await fc.assert(
        fc.asyncProperty(arbitrary, async (fuzz) => {
          const res = await send(route, fuzz);
          const what = `${route.method} ${route.path} -> ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
          expect(res.status, what).toBeLessThan(500);
          if (res.status >= 400) expect(res.body, what).toEqual({ error: expect.any(String) });
          if (reads) return;
          const after = await table.snapshot();
          if (res.status >= 400) expect(after, `${what} wrote to the table`).toEqual(before);
          before = after;
        }),
        { numRuns: FUZZ_RUNS, ...(FUZZ_SEED === undefined ? {} : { seed: FUZZ_SEED }) },
      );
      if (reads) expect(await table.snapshot(), `${route.method} ${route.path} wrote to the table`).toEqual(initial);
    },
  );
});
