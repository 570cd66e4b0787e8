import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '#infra/admin/cli.ts';
import { listAuditEntries } from '#shared/console/common/repository.ts';
import { may, ROLES, type Role } from '#shared/console/common/roles.ts';
import { authenticateSession } from '#shared/console/identity/authenticate-session.ts';
import { startSignIn } from '#shared/console/identity/start-sign-in.ts';
import { keys } from '#shared/db/keys.ts';
import type { Deps } from '#shared/deps.ts';
import { hashApiKey } from '#shared/organizations/api-keys.ts';
import { findApiKeyByHash } from '#shared/organizations/repository.ts';
import { routeList } from '#shared/routes.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { givenMemberSession } from '#test/support/console/member-sessions.ts';
import { integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { missingIds, pathOf, validRequestFor, withQuery } from '#test/support/http/route-requests.ts';
import { givenPayee } from '#test/support/withdrawals/withdrawal-requests.ts';

const deps = integrationDeps();
const { request, origin } = useApi();

/** Console routes, and the API routes the console calls with its session (`route.session`). */
const permissionOf = (route: (typeof routeList)[number]) =>
  route.console?.permission === 'public' ? undefined : (route.console?.permission ?? route.session?.permission);
const consoleRoutes = routeList.filter((route) => permissionOf(route) !== undefined);
const sessions = {} as Record<Role, Awaited<ReturnType<typeof givenMemberSession>>>;
let payee: Awaited<ReturnType<typeof givenPayee>>;

beforeAll(async () => {
  payee = await givenPayee(deps, request, { balance: '100.00' });
  for (const role of ROLES) sessions[role] = await givenMemberSession(deps, payee.org.organizationId, role);
}, 60_000);

describe('console routes and roles, generated from the route table', () => {
  const refusals = consoleRoutes.flatMap((route) =>
    ROLES.filter((role) => !may(role, permissionOf(route) as never)).map(
      (role) => [route.operationId, role, route] as const,
    ),
  );

  it('has a permission on every console route and refusals to check', () => {
    expect(consoleRoutes.length).toBeGreaterThan(8);
    expect(refusals.map(([operationId]) => operationId)).toContain('createWebhookEndpoint');
    expect(refusals.length).toBeGreaterThan(10);
  });

  it.each(refusals)('%s refuses the %s role (403) and changes nothing', async (_, role, route) => {
    const ids = missingIds(route);
    const { body, query } = validRequestFor(route, ids);
    const res = await request(route.method, `${origin()}${withQuery(pathOf(route, ids), query)}`, {
      ...(body === undefined ? {} : { body }),
      headers: sessions[role].headers,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body).toEqual({ error: `The ${role} role may not do this` });
  });
});

describe('session expiry', () => {
  const at = (ms: number): Deps => ({ ...deps, clock: { now: () => new Date(Date.now() + ms) } });
  const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

  it('refuses a session idle beyond SESSION_IDLE_S, and one older than SESSION_ABSOLUTE_S even if used', async () => {
    const { cookie } = await givenMemberSession(deps, payee.org.organizationId, 'viewer');
    const idle = deps.config.console.sessionIdleSeconds * 1000;
    await expect(authenticateSession(at(idle - 5_000), tokenOf(cookie), 'test')).resolves.toMatchObject({
      member: { role: 'viewer' },
    });
    // Used just now (moved on), so a further idle period from now is still fine...
    await expect(authenticateSession(at(idle + 30_000), tokenOf(cookie), 'test')).resolves.toBeDefined();
    // ...but never beyond the absolute lifetime.
    const absolute = deps.config.console.sessionAbsoluteSeconds * 1000;
    await expect(authenticateSession(at(absolute + 1_000), tokenOf(cookie), 'test')).rejects.toThrow(/Unauthorized/);
    // Refused once, it is gone.
    await expect(authenticateSession(deps, tokenOf(cookie), 'test')).rejects.toThrow(/Unauthorized/);
  });

  it('refuses an idle session over HTTP', async () => {
    const { cookie, headers } = await givenMemberSession(deps, payee.org.organizationId, 'viewer');
    await expect(
      authenticateSession(at(deps.config.console.sessionIdleSeconds * 1000 + 1_000), tokenOf(cookie), 't'),
    ).rejects.toThrow();
    const res = await request('GET', `${origin()}/api/console/session`, { headers });
    expect(res.status).toBe(401);
  });
});

describe('sign-in rate limit', () => {
  it('refuses the 11th sign-in attempt of a source address within a minute (429)', async () => {
    const address = `198.51.100.${Math.floor(Math.random() * 250)}-${crypto.randomUUID().slice(0, 4)}`;
    // One fixed instant: the limit counts per calendar minute, which a real clock could cross mid-test.
    const instant = new Date();
    const atOneInstant: Deps = { ...deps, clock: { now: () => instant } };
    for (let i = 0; i < 10; i++) await startSignIn(atOneInstant, { sourceAddress: address });
    await expect(startSignIn(atOneInstant, { sourceAddress: address })).rejects.toMatchObject({ statusCode: 429 });
    await expect(startSignIn(atOneInstant, { sourceAddress: `${address}-other` })).resolves.toBeDefined();
  });
});

describe('the operator CLI', () => {
  const admin = (...argv: string[]) => run(argv, () => deps.db);

  it('records its approvals as the operator, not as a member, in the transaction and the audit log', async () => {
    await request('POST', '/sandbox/allowance', { key: payee.key, body: { limit: '0', resetPeriodMinutes: 0 } });
    const { body } = await payee.withdraw({ idempotencyKey: `cli-${crypto.randomUUID()}`, sourceAmount: '10' });
    await admin('withdrawal', 'approve', body.id, '--as', 'Ops@Payouts.dev');
    const stored = await getTransactionOfCustomer(deps.db, payee.org.organizationId, payee.customerId, body.id);
    expect(stored?.approvals.map((a) => a.approver)).toEqual(['operator:ops@payouts.dev']);
    const audit = await listAuditEntries(deps.db, payee.org.organizationId, { limit: 20 });
    expect(audit.find((entry) => entry.target === body.id)).toMatchObject({
      actor: { kind: 'operator', email: 'ops@payouts.dev' },
      action: 'withdrawal.approved_by_operator',
      sourceAddress: 'operator-cli',
      details: { reference: body.reference },
    });
    // The operator signed nothing: there is no signature to verify.
    await expect(admin('withdrawal', 'verify-signatures', body.id)).resolves.toMatchObject({
      signatures: [],
      allValid: true,
    });
  });

  it('invites an owner and prints the link', async () => {
    const invite = (await admin(
      'console',
      'invite-owner',
      payee.org.organizationId,
      '--email',
      'boss@example.com',
    )) as {
      url: string;
      role: string;
    };
    expect(invite.role).toBe('owner');
    expect(invite.url).toMatch(/^http:\/\/localhost:3000\/console\/#\/invite\/[0-9A-Za-z]{43}$/);
    await expect(admin('console', 'invite-owner', payee.org.organizationId)).rejects.toThrow('--email');
  });
});

describe('API keys in the console', () => {
  it('shows when each key was last used, written by the requests themselves at most once a minute', async () => {
    const { headers } = sessions.developer;
    const created = await request<{ id: string; apiKey: string }>('POST', `${origin()}/api/console/api-keys`, {
      body: {},
      headers,
    });
    const lastUsed = async () =>
      (
        await request<{ id: string; lastUsedAt: string | null }[]>('GET', `${origin()}/api/console/api-keys`, {
          headers,
        })
      ).body.find((key) => key.id === created.body.id)?.lastUsedAt;
    const stored = async () => (await findApiKeyByHash(deps.db, hashApiKey(created.body.apiKey)))?.lastUsedAt;
    expect(await lastUsed()).toBeNull();

    const before = Date.now();
    expect((await request('GET', '/customers', { key: created.body.apiKey })).status).toBe(200);
    const first = await lastUsed();
    expect(Date.parse(first ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(await stored()).toBe(first);

    // Within the minute, another request writes nothing; a use older than that is moved on.
    expect((await request('GET', '/customers', { key: created.body.apiKey })).status).toBe(200);
    expect(await stored()).toBe(first);
    const longAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    await deps.db.client.send(
      new UpdateCommand({
        TableName: deps.db.tableName,
        Key: keys.apiKeyByHash(hashApiKey(created.body.apiKey)),
        UpdateExpression: 'SET lastUsedAt = :at',
        ExpressionAttributeValues: { ':at': longAgo },
      }),
    );
    expect((await request('GET', '/customers', { key: created.body.apiKey })).status).toBe(200);
    expect(((await stored()) ?? '') > longAgo, 'moved on').toBe(true);
  });

  it('creates a key shown once, lists it by hint and creator, and revokes it at once', async () => {
    const { headers, email } = sessions.developer;
    const created = await request<{ id: string; apiKey: string; hint: string }>(
      'POST',
      `${origin()}/api/console/api-keys`,
      {
        body: {},
        headers,
      },
    );
    expect(created.status).toBe(201);
    const customers = () => request('GET', '/customers', { key: created.body.apiKey });
    expect((await customers()).status).toBe(200);

    const listed = await request<{ id: string; hint: string; createdBy: string | null }[]>(
      'GET',
      `${origin()}/api/console/api-keys`,
      { headers },
    );
    expect(listed.body.find((key) => key.id === created.body.id)).toEqual(
      expect.objectContaining({ hint: created.body.hint, createdBy: email, status: 'ACTIVE' }),
    );
    expect(JSON.stringify(listed.body)).not.toContain(created.body.apiKey);

    const revoked = await request(`POST`, `${origin()}/api/console/api-keys/${created.body.id}/revoke`, {
      body: {},
      headers,
    });
    expect(revoked.status).toBe(200);
    expect((await customers()).status).toBe(401);
    const audit = await listAuditEntries(deps.db, payee.org.organizationId, { limit: 50 });
    expect(
      audit
        .filter((entry) => entry.target === created.body.id)
        .map((entry) => entry.action)
        .sort(),
    ).toEqual(['api_key.created', 'api_key.revoked']);
  });
});
