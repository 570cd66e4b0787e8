import { describe, expect, it, vi } from 'vitest';
import { parseConfig } from '#shared/config/env.ts';
import { createDb } from '#shared/db/client.ts';
import type { Deps } from '#shared/deps.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { createApiKey } from '#shared/organizations/organization-admin.ts';
import { routes } from '#shared/routes.ts';
import {
  ENDPOINT_LIMIT_REACHED,
  MAX_ENDPOINTS_PER_ORGANIZATION,
  TEST_EVENTS_PER_ENDPOINT_PER_MINUTE,
  TOO_MANY_TEST_EVENTS,
} from '#shared/webhooks/endpoint-limits.ts';
import { givenMemberSession } from '#test/support/console/member-sessions.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { apiEvent, bodyOf, headerOf, invoke } from '#test/support/http/api-event.ts';
import { useApi } from '#test/support/http/local-api.ts';

/**
 * Attack run finding 1: 1,500 requests with one key all answered 200 at about 200 per second; 120 webhook
 * endpoints were accepted for one organization (one event fanned out to 120 POSTs) and 100 concurrent
 * `POST .../test` made 100 outbound requests. The limits are counted in the table, so they hold across instances.
 */
const deps = integrationDeps();
const { request } = useApi();

/** One "Lambda instance": its own database client, and a clock stopped inside one window so counts are exact. */
function instance(env: Record<string, string>, at: Date) {
  const config = parseConfig({ ...process.env, ...env });
  const instanceDeps: Deps = { db: createDb(config), clock: { now: () => at }, config };
  return apiHandler(
    routes.listCustomers,
    () => [],
    () => instanceDeps,
  );
}

const list = (handler: ReturnType<typeof instance>, apiKey: string) =>
  invoke(handler, apiEvent({ path: '/api/v2/customers', headers: { authorization: `Bearer ${apiKey}` } }));

describe('API rate limits across instances (DynamoDB Local)', () => {
  it('lets one key make its limit of requests in a second, however many instances serve them, then answers 429', async () => {
    const org = await givenOrganization(deps);
    const at = new Date('2026-11-22T10:00:00.250Z');
    const env = { RATE_LIMIT_KEY_PER_S: '5', RATE_LIMIT_ORGANIZATION_PER_S: '1000' };
    const [a, b, c] = [instance(env, at), instance(env, at), instance(env, at)];

    const results = await Promise.all(Array.from({ length: 15 }, (_, i) => list([a, b, c][i % 3] ?? a, org.apiKey)));

    const statuses = results.map((result) => result.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    const refused = results.filter((result) => result.statusCode === 429);
    expect(refused).toHaveLength(10);
    for (const result of refused) {
      expect(bodyOf(result)).toEqual({ error: 'Too many requests' });
      // The window ends 0.75 s after the stopped clock: retry in a whole second.
      expect(headerOf(result, 'retry-after')).toBe('1');
    }
    // The next window starts afresh.
    const later = instance(env, new Date(at.getTime() + 1_000));
    expect((await list(later, org.apiKey)).statusCode).toBe(200);
  });

  it('limits an organization across all its keys', async () => {
    const org = await givenOrganization(deps);
    const second = await createApiKey(deps.db, deps.clock, org.organizationId);
    const at = new Date('2026-11-22T10:00:07.500Z');
    const env = { RATE_LIMIT_KEY_PER_S: '100', RATE_LIMIT_ORGANIZATION_PER_S: '4' };
    const [a, b] = [instance(env, at), instance(env, at)];

    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => list(i % 2 ? a : b, i % 2 ? org.apiKey : second.apiKey)),
    );

    expect(results.filter((result) => result.statusCode === 200)).toHaveLength(4);
    expect(results.filter((result) => result.statusCode === 429)).toHaveLength(4);
    // Another organization is not affected.
    const other = await givenOrganization(deps);
    expect((await list(a, other.apiKey)).statusCode).toBe(200);
  });

  it('does not count made-up keys against the organization they name', async () => {
    const org = await givenOrganization(deps);
    const at = new Date('2026-11-22T10:00:09.100Z');
    const handler = instance({ RATE_LIMIT_KEY_PER_S: '100', RATE_LIMIT_ORGANIZATION_PER_S: '2' }, at);
    const forged = `${org.apiKey.slice(0, -4)}AAAA`;

    for (let i = 0; i < 5; i++) expect((await list(handler, forged)).statusCode).toBe(401);

    expect((await list(handler, org.apiKey)).statusCode).toBe(200);
  });

  it("counts a console session's API requests against its organization, with its keys' (a session has no key limit)", async () => {
    const org = await givenOrganization(deps);
    const { cookie } = await givenMemberSession(deps, org.organizationId, 'viewer');
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 + 250);
    const handler = instance({ RATE_LIMIT_KEY_PER_S: '1000', RATE_LIMIT_ORGANIZATION_PER_S: '4' }, at);
    const bySession = () => invoke(handler, apiEvent({ path: '/api/v2/customers', headers: { cookie } }));

    const results = await Promise.all([
      list(handler, org.apiKey),
      list(handler, org.apiKey),
      ...[1, 2, 3, 4].map(bySession),
    ]);

    expect(results.filter((result) => result.statusCode === 200)).toHaveLength(4);
    expect(results.filter((result) => result.statusCode === 429)).toHaveLength(2);
  });
});

describe('webhook limits (local API on DynamoDB Local)', () => {
  it(`caps an organization at ${MAX_ENDPOINTS_PER_ORGANIZATION} endpoints`, async () => {
    const org = await givenOrganization(deps);
    for (let i = 0; i < MAX_ENDPOINTS_PER_ORGANIZATION; i++) {
      const created = await request('POST', '/webhooks/endpoints', {
        key: org.apiKey,
        body: { url: `https://hooks.example.com/${i}` },
      });
      expect(created.status).toBe(201);
    }

    const over = await request('POST', '/webhooks/endpoints', {
      key: org.apiKey,
      body: { url: 'https://hooks.example.com/one-too-many' },
    });

    expect(over).toMatchObject({ status: 409, body: { error: ENDPOINT_LIMIT_REACHED } });
  });

  it(`sends at most ${TEST_EVENTS_PER_ENDPOINT_PER_MINUTE} test events a minute to an endpoint, then 429 with Retry-After`, {
    timeout: 30_000,
  }, async () => {
    const org = await givenOrganization(deps);
    const endpoint = await request<{ id: string }>('POST', '/webhooks/endpoints', {
      key: org.apiKey,
      body: { url: 'https://hooks.example.com/test-me' },
    });

    // All in one one-minute window: the service's clock stopped a second into the current minute (rather than
    // waiting for the next minute when this one is nearly over).
    vi.useFakeTimers({ toFake: ['Date'], now: Math.floor(Date.now() / 60_000) * 60_000 + 1_000 });
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        request('POST', `/webhooks/endpoints/${endpoint.body.id}/test`, { key: org.apiKey }),
      ),
    ).finally(() => vi.useRealTimers());

    expect(results.filter((result) => result.status === 202)).toHaveLength(TEST_EVENTS_PER_ENDPOINT_PER_MINUTE);
    const refused = results.filter((result) => result.status === 429);
    expect(refused).toHaveLength(12 - TEST_EVENTS_PER_ENDPOINT_PER_MINUTE);
    for (const result of refused) {
      expect(result.body).toEqual({ error: TOO_MANY_TEST_EVENTS });
      expect(Number(result.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(result.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    }
  });
});
