import { beforeAll, describe, expect, it } from 'vitest';
import { listAuditEntries } from '#shared/console/common/repository.ts';
import { routes } from '#shared/customers/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { givenCustomer } from '#test/support/banks/bank-requests.ts';
import { consoleHeaders } from '#test/support/console/console-client.ts';
import { givenMemberSession } from '#test/support/console/member-sessions.ts';
import { tableSnapshot } from '#test/support/db/own-table.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { apiEvent, invoke } from '#test/support/http/api-event.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { TenantResources } from '#test/support/http/route-requests.ts';
import { captureOutputOfEachTest } from '#test/support/output.ts';

/**
 * The console calls `/api/v2` with its session instead of a copy of a key (shared/console/README.md, "The API
 * with a session"): reads for every role, webhook changes for `manageWebhooks`, each change audited as the
 * member's; nothing that creates customers or moves money.
 */
// Everything down to info is written in this file, so the logs test has something to search.
process.env.LOG_LEVEL = 'info';

const deps = integrationDeps();
const { request } = useApi();
const output = captureOutputOfEachTest();

type Org = Awaited<ReturnType<typeof givenOrganization>>;
type Session = Awaited<ReturnType<typeof givenMemberSession>>;
let org: Org;
let developer: Session;
let viewer: Session;
let customerId: string;

/** A session request: the cookie, and (unless told otherwise) the console's Origin and anti-CSRF header. */
const withSession = (session: Session, options: { csrf?: boolean; body?: unknown } = {}) => ({
  headers: options.csrf === false ? { cookie: session.cookie } : session.headers,
  ...(options.body === undefined ? {} : { body: options.body }),
});

const auditOf = async (target: string) =>
  (await listAuditEntries(deps.db, org.organizationId, { limit: 100 })).filter((entry) => entry.target === target);

beforeAll(async () => {
  org = await givenOrganization(deps, { name: 'Session org' });
  [developer, viewer] = await Promise.all([
    givenMemberSession(deps, org.organizationId, 'developer'),
    givenMemberSession(deps, org.organizationId, 'viewer'),
  ]);
  customerId = await givenCustomer(request, org.apiKey, { name: 'Grace Hopper' });
}, 60_000);

describe('reads with a session', () => {
  it.each([
    ['/customers'],
    ['/customers/{id}'],
    ['/customers/{id}/withdrawal/banks'],
    ['/customers/{id}/deposit/wallets'],
    ['/customers/{id}/transactions'],
    ['/webhooks/endpoints'],
  ])('GET %s answers a viewer what it answers the key', async (path) => {
    const url = path.replace('{id}', customerId);
    const bySession = await request('GET', url, withSession(viewer));
    const byKey = await request('GET', url, { key: org.apiKey });
    expect(bySession.status, JSON.stringify(bySession.body)).toBe(200);
    expect(bySession.body).toEqual(byKey.body);
  });

  it('refuses a read with neither key nor session (401), and one with a signed-out or made-up cookie', async () => {
    expect((await request('GET', '/customers')).status).toBe(401);
    const madeUp = { cookie: `console_session=${'A'.repeat(43)}` };
    expect((await request('GET', '/customers', { headers: madeUp })).status).toBe(401);
  });

  it('lets a key decide whenever one is sent: a wrong key with a good session is 401', async () => {
    const res = await request('GET', '/customers', { key: 'sk_sandbox_wrong', ...withSession(viewer) });
    expect(res.status).toBe(401);
  });
});

describe('webhook changes with a session', () => {
  it('creates, edits, rotates, tests and deletes an endpoint as a developer, each audited with member and address', async () => {
    const created = await request<{ id: string; secret: string }>(
      'POST',
      '/webhooks/endpoints',
      withSession(developer, { body: { url: 'http://127.0.0.1:9/console', description: 'from the console' } }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    const edited = await request(
      'PATCH',
      `/webhooks/endpoints/${id}`,
      withSession(developer, { body: { description: 'edited' } }),
    );
    expect(edited.body).toMatchObject({ description: 'edited' });
    const rotated = await request<{ secret: string }>(
      'POST',
      `/webhooks/endpoints/${id}/rotate-secret`,
      withSession(developer, { body: {} }),
    );
    expect(rotated.body.secret).not.toBe(created.body.secret);
    expect((await request('POST', `/webhooks/endpoints/${id}/test`, withSession(developer, { body: {} }))).status).toBe(
      202,
    );
    expect((await request('DELETE', `/webhooks/endpoints/${id}`, withSession(developer))).status).toBe(200);

    const entries = await auditOf(id);
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'webhook_endpoint.created',
      'webhook_endpoint.deleted',
      'webhook_endpoint.secret_rotated',
      'webhook_endpoint.tested',
      'webhook_endpoint.updated',
    ]);
    for (const entry of entries) {
      expect(entry.actor).toEqual({ kind: 'member', id: expect.any(String), email: developer.email });
      expect(entry.sourceAddress).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    }
    // The secret is shown to the member once, and never written to the audit log.
    expect(JSON.stringify(entries)).not.toContain(rotated.body.secret);
  });

  it("retries a delivery as a developer, audited; the same through the key is the integrator's and not audited", async () => {
    const resources = new TenantResources({ ...org, consoleCookie: developer.cookie }, request);
    const deliveryId = await resources.need('deliveryId');
    const retried = await request(
      'POST',
      `/webhooks/deliveries/${deliveryId}/retry`,
      withSession(developer, { body: {} }),
    );
    expect(retried.status, JSON.stringify(retried.body)).toBe(202);
    expect((await auditOf(deliveryId)).map((entry) => entry.action)).toEqual(['webhook_delivery.retried']);

    const listed = await request<{ id: string }[]>(
      'GET',
      `/webhooks/endpoints/${await resources.need('endpointId')}/deliveries`,
      withSession(viewer),
    );
    expect(listed.body.map((delivery) => delivery.id)).toContain(deliveryId);
    const byKey = await request('POST', '/webhooks/endpoints', {
      key: org.apiKey,
      body: { url: 'http://127.0.0.1:9/k' },
    });
    expect(await auditOf((byKey.body as { id: string }).id)).toEqual([]);
  });

  it('refuses a viewer (403) and writes nothing', async () => {
    const before = await tableSnapshot(deps);
    const res = await request(
      'POST',
      '/webhooks/endpoints',
      withSession(viewer, { body: { url: 'http://127.0.0.1:9/v' } }),
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'The viewer role may not do this' });
    expect(itemsOfOrg(await tableSnapshot(deps))).toEqual(itemsOfOrg(before));
  });

  it('refuses a change without the anti-CSRF header or from another origin (403), and writes nothing', async () => {
    const before = await tableSnapshot(deps);
    const body = { url: 'http://127.0.0.1:9/csrf' };
    const noHeader = await request('POST', '/webhooks/endpoints', withSession(developer, { csrf: false, body }));
    const otherOrigin = await request('POST', '/webhooks/endpoints', {
      headers: { ...consoleHeaders(), origin: 'https://evil.example', cookie: developer.cookie },
      body,
    });
    for (const res of [noHeader, otherOrigin]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        error: 'Request refused: it must come from the console (Origin and X-Console-Request)',
      });
    }
    expect(itemsOfOrg(await tableSnapshot(deps))).toEqual(itemsOfOrg(before));
  });
});

describe('what stays with the key', () => {
  it.each([
    ['POST', '/customers', { name: 'Eve', accountType: 'individual', email: 'eve@example.com' }],
    ['POST', '/customers/{id}/withdrawal', { withdrawalBankId: crypto.randomUUID(), sourceAmount: '1' }],
    ['POST', '/sandbox/customers/{id}/balance', { amount: '100' }],
    ['POST', '/sandbox/allowance', { limit: '0', resetPeriodMinutes: 0 }],
  ])("%s %s refuses a session, even an owner's with the anti-CSRF proof (401)", async (method, path, body) => {
    const owner = await givenMemberSession(deps, org.organizationId, 'owner');
    const res = await request(method, path.replace('{id}', customerId), withSession(owner, { body }));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Unauthorized - Invalid or missing API key or session' });
  });
});

describe('the session in logs', () => {
  it('never writes the session token, even when a failing request logs its whole event', async () => {
    const token = developer.cookie.slice(developer.cookie.indexOf('=') + 1);
    // A careless handler: it fails with the event in its message, and the stack logs the error with the request.
    const careless = apiHandler(
      routes.listCustomers,
      ({ event }) => {
        throw new Error(`could not list for ${JSON.stringify(event)}`);
      },
      () => deps,
    );
    const event = apiEvent({ path: '/api/v2/customers', headers: { ...developer.headers } });
    const result = await invoke(careless, { ...event, cookies: [developer.cookie] });
    expect(result.statusCode).toBe(500);
    const logged = output.stdout().text() + output.stderr().text();
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('console_session=[redacted]');
    expect(logged).not.toContain(token);
  });
});

const itemsOfOrg = (items: Record<string, unknown>[]) =>
  items.filter((item) => JSON.stringify(item).includes(org.organizationId));
