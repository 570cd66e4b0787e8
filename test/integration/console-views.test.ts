import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '#infra/admin/cli.ts';
import { keys } from '#shared/db/keys.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { givenCustomer } from '#test/support/banks/bank-requests.ts';
import { givenMemberSession } from '#test/support/console/member-sessions.ts';
import { integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { givenPayee } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * The console's own views (shared/console/README.md, "Views"): a customer's overview, the organization's
 * transactions, settings and their owner-only changes, the customers search, and the audit log's filters.
 */
const deps = integrationDeps();
const { request, origin } = useApi();

type Session = Awaited<ReturnType<typeof givenMemberSession>>;
let payee: Awaited<ReturnType<typeof givenPayee>>;
let owner: Session;
let admin: Session;
let viewer: Session;

const consoleCall = <T = unknown>(session: Session, method: string, path: string, body?: unknown) =>
  request<T>(method, `${origin()}/api/console${path}`, {
    headers: session.headers,
    ...(body === undefined ? {} : { body }),
  });

const withdraw = async (sourceAmount: string) => {
  const res = await payee.withdraw({ sourceAmount }, { 'Idempotency-Key': `views-${crypto.randomUUID()}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Transaction;
};

beforeAll(async () => {
  payee = await givenPayee(deps, request, { balance: '500.00', organization: { requiredApprovals: 1 } });
  const member = (role: 'owner' | 'admin' | 'viewer') => givenMemberSession(deps, payee.org.organizationId, role);
  [owner, admin, viewer] = await Promise.all([member('owner'), member('admin'), member('viewer')]);
}, 60_000);

describe("a customer's overview", () => {
  it('gathers the customer with KYC, banks, wallets, balance and first transactions as the API answers them', async () => {
    const made = await withdraw('10.00');
    const overview = await consoleCall<Record<string, unknown>>(
      viewer,
      'GET',
      `/customers/${payee.customerId}/overview`,
    );
    expect(overview.status, JSON.stringify(overview.body)).toBe(200);
    const byKey = async (path: string) =>
      (await request('GET', `/customers/${payee.customerId}${path}`, { key: payee.key })).body;
    expect(overview.body.customer).toEqual(await byKey(''));
    expect(overview.body.customer).toMatchObject({ kycStatus: 'APPROVED' });
    expect(overview.body.banks).toEqual(await byKey('/withdrawal/banks'));
    expect(overview.body.wallets).toEqual(((await byKey('/deposit/wallets')) as { wallets: unknown }).wallets);
    expect(overview.body.balance).toEqual(await byKey('/balance'));
    expect(overview.body.balance).toMatchObject({ currency: 'usdc', balance: expect.stringMatching(/^\d+\.\d+$/) });
    expect((overview.body.transactions as Transaction[])[0]?.id).toBe(made.id);
    expect(overview.body.transactionsNextCursor).toBeNull();
  });

  it("answers 404 for a customer that is not the organization's", async () => {
    const other = await givenPayee(deps, request);
    const res = await consoleCall(viewer, 'GET', `/customers/${other.customerId}/overview`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Customer not found' });
  });
});

describe("the organization's transactions", () => {
  it("lists every customer's transactions newest first, filters by status, and pages with the Link header", async () => {
    const secondCustomer = await givenCustomer(request, payee.key, { name: 'Jane Doe' });
    await request('POST', `/sandbox/customers/${secondCustomer}/balance`, { key: payee.key, body: { amount: '5' } });
    await withdraw('5.00');

    const all = await consoleCall<Transaction[]>(viewer, 'GET', '/transactions');
    expect(all.status).toBe(200);
    expect(new Set(all.body.map((t) => t.customerId))).toEqual(new Set([payee.customerId, secondCustomer]));
    const times = all.body.map((t) => t.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const completed = await consoleCall<Transaction[]>(viewer, 'GET', '/transactions?status=completed');
    expect(completed.body.length).toBeGreaterThan(0);
    expect(completed.body.every((t) => t.status === 'COMPLETED')).toBe(true);
    expect(completed.body.map((t) => t.customerId)).toContain(secondCustomer);

    const page = await consoleCall<Transaction[]>(viewer, 'GET', '/transactions?limit=1');
    expect(page.body).toHaveLength(1);
    const next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
    expect(next).toBeDefined();
    const nextPath = new URL(next ?? '').search;
    const second = await consoleCall<Transaction[]>(viewer, 'GET', `/transactions${nextPath}`);
    expect(second.body[0]?.id).toBe(all.body[1]?.id);
  });

  it('lists a transaction stored before the organization-wide index once the operator indexes it', async () => {
    const old = await withdraw('6.00');
    // As stored before gsi3: no organization-wide entry.
    await deps.db.client.send(
      new UpdateCommand({
        TableName: deps.db.tableName,
        Key: keys.transaction(payee.org.organizationId, payee.customerId, old.id),
        UpdateExpression: 'REMOVE gsi3pk, gsi3sk',
      }),
    );
    const ids = async () =>
      (await consoleCall<Transaction[]>(viewer, 'GET', '/transactions?limit=200')).body.map((t) => t.id);
    expect(await ids()).not.toContain(old.id);
    const indexed = await run(['withdrawal', 'index', payee.org.organizationId], () => deps.db);
    expect(indexed).toMatchObject({ indexed: 1 });
    expect(await ids()).toContain(old.id);
    await expect(run(['withdrawal', 'index', payee.org.organizationId], () => deps.db)).resolves.toMatchObject({
      indexed: 0,
    });
  });

  it('refuses a cursor of another list (400)', async () => {
    const customers = await request('GET', '/customers?limit=1', { key: payee.key });
    const cursor = new URL(
      /<([^>]+)>/.exec(customers.headers.get('link') ?? '<http://x/?cursor=x>')?.[1] ?? '',
    ).searchParams.get('cursor');
    const res = await consoleCall(viewer, 'GET', `/transactions?cursor=${cursor}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'cursor: Invalid cursor' });
  });
});

describe('the customers search', () => {
  it('finds customers by name or e-mail in any letter case, and keeps paging', async () => {
    const org = await givenPayee(deps, request);
    const ids = [];
    for (const name of ['Ada Lovelace', 'Grace Hopper', 'Ada Byron'])
      ids.push(await givenCustomer(request, org.key, { name }));
    const search = async (query: string) =>
      (await request<{ name: string }[]>('GET', `/customers?${query}`, { key: org.key })).body.map((c) => c.name);
    expect(await search('search=ADA')).toEqual(['Ada Byron', 'Ada Lovelace', 'Ada Lovelace']);
    expect(await search('search=hopper')).toEqual(['Grace Hopper']);
    expect(await search('search=JANE%40example')).toEqual(['Ada Byron', 'Grace Hopper', 'Ada Lovelace']);
    expect(await search('search=nobody')).toEqual([]);

    const firstPage = await request<{ name: string }[]>('GET', '/customers?search=ada&limit=2', { key: org.key });
    expect(firstPage.body.map((c) => c.name)).toEqual(['Ada Byron', 'Ada Lovelace']);
    const next = /<([^>]+)>; rel="next"/.exec(firstPage.headers.get('link') ?? '')?.[1] ?? '';
    expect(new URL(next).searchParams.get('search')).toBe('ada');
    const rest = await request<{ name: string }[]>('GET', `/customers${new URL(next).search}`, { key: org.key });
    expect(rest.body.map((c) => c.name)).toEqual(['Ada Lovelace']);
    expect((await request('GET', '/customers?search=', { key: org.key })).status).toBe(400);
  });
});

describe('settings', () => {
  it('shows every member what a finance team sets', async () => {
    const res = await consoleCall(viewer, 'GET', '/settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      organizationId: payee.org.organizationId,
      environment: 'sandbox',
      features: { customers: true, apiWithdrawals: true },
      requiredApprovals: 1,
      withdrawalAllowance: { enabled: true, allowance: { limit: expect.any(String), spent: expect.any(String) } },
    });
  });

  it('lets the owner change approvals and the allowance, audited with before and after; others get 403', async () => {
    expect((await consoleCall(admin, 'PATCH', '/settings', { requiredApprovals: 2 })).status).toBe(403);
    const changed = await consoleCall(owner, 'PATCH', '/settings', {
      requiredApprovals: 3,
      allowance: { limit: '250', resetPeriodMinutes: 60 },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      requiredApprovals: 3,
      withdrawalAllowance: { allowance: { limit: '250.00', resetPeriodMinutes: 60 } },
    });
    const audit = await consoleCall<{ action: string; actor: { email: string }; details: Record<string, string> }[]>(
      owner,
      'GET',
      '/audit-log?action=settings.changed',
    );
    expect(audit.body[0]).toMatchObject({
      actor: { email: owner.email },
      details: { requiredApprovals: '1 -> 3', allowanceResetMinutes: expect.stringMatching(/-> 60$/) },
    });
    // The new threshold applies to the next proposal.
    await consoleCall(owner, 'PATCH', '/settings', { allowance: { limit: '0', resetPeriodMinutes: 0 } });
    const proposed = await withdraw('2.00');
    expect(proposed.status).toBe('PROPOSED');
  });

  it('refuses bad values (400) and turning a feature on (403); switching API withdrawals off stops the key at once', async () => {
    for (const body of [{}, { requiredApprovals: 11 }, { requiredApprovals: 0 }, { features: { customers: false } }]) {
      const res = await consoleCall(owner, 'PATCH', '/settings', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const off = await consoleCall(owner, 'PATCH', '/settings', { features: { apiWithdrawals: false } });
    expect(off.body).toMatchObject({ features: { apiWithdrawals: false } });
    const refused = await payee.withdraw({ sourceAmount: '1' }, { 'Idempotency-Key': crypto.randomUUID() });
    expect(refused.status).toBe(403);
    const on = await consoleCall(owner, 'PATCH', '/settings', { features: { apiWithdrawals: true } });
    expect(on.status).toBe(403);
    expect(on.body).toEqual({ error: 'Only the operator can turn a feature on' });
  });
});

describe('the audit log filters', () => {
  it('filters by action and by member (id or e-mail), and refuses a viewer', async () => {
    await consoleCall(admin, 'POST', '/api-keys', {});
    await consoleCall(owner, 'POST', '/api-keys', {});
    type Entry = { action: string; actor: { id: string; email: string } };
    const byAdmin = await consoleCall<Entry[]>(
      owner,
      'GET',
      `/audit-log?member=${encodeURIComponent(admin.email.toUpperCase())}`,
    );
    expect(byAdmin.body.length).toBeGreaterThan(0);
    expect(byAdmin.body.every((entry) => entry.actor.email === admin.email)).toBe(true);
    const adminId = byAdmin.body[0]?.actor.id ?? '';
    const byId = await consoleCall<Entry[]>(owner, 'GET', `/audit-log?member=${adminId}&action=api_key.created`);
    expect(byId.body.map((entry) => [entry.action, entry.actor.email])).toEqual([['api_key.created', admin.email]]);
    const created = await consoleCall<Entry[]>(admin, 'GET', '/audit-log?action=api_key.created');
    expect(new Set(created.body.map((entry) => entry.actor.email))).toEqual(new Set([admin.email, owner.email]));
    expect((await consoleCall(viewer, 'GET', '/audit-log')).status).toBe(403);
  });
});
