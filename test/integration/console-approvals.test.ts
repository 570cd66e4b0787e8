import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifySignatures } from '#shared/console/approvals/verify-signatures.ts';
import { listAuditEntries, listSignatures } from '#shared/console/common/repository.ts';
import { createOwnerInvite } from '#shared/console/identity/create-owner-invite.ts';
import { keys } from '#shared/db/keys.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { ConsoleTab, mailedInviteToken, tokenOfInviteUrl } from '#test/support/console/console-client.ts';
import { integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { givenPayee } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * The console's approval flow over HTTP, with a software passkey authenticator (a real P-256 key signing real
 * authenticator data and client data): owner invite -> passkey -> members -> a withdrawal over the allowance ->
 * two signatures -> PROCESSING; and everything that must be refused on the way.
 */
const deps = integrationDeps();
const { request, origin } = useApi();
const tab = () => new ConsoleTab(request, origin);

type Pending = { id: string; status: string; amount: string; currency: string; beneficiary: string; account: string };

let payee: Awaited<ReturnType<typeof givenPayee>>;
const owner = tab();
const approver = tab();
const viewer = tab();

async function proposedWithdrawal(amount = '100.00') {
  const created = await payee.withdraw(
    { sourceAmount: amount },
    { 'Idempotency-Key': `console-${crypto.randomUUID()}` },
  );
  expect(created.body.status, JSON.stringify(created.body)).toBe('PROPOSED');
  return created.body as Transaction;
}

beforeAll(async () => {
  payee = await givenPayee(deps, request, { balance: '1000.00', organization: { requiredApprovals: 2 } });
  const allowance = await request('POST', '/sandbox/allowance', {
    key: payee.key,
    body: { limit: '10.00', resetPeriodMinutes: 0 },
  });
  expect(allowance.status).toBeLessThan(300);

  const invite = await createOwnerInvite(deps, {
    organizationId: payee.org.organizationId,
    email: 'owner@example.com',
    operator: 'ops@payouts.dev',
  });
  expect((await owner.acceptInvite(tokenOfInviteUrl(invite.url), 'Olivia Owner')).status).toBe(201);
  for (const [member, email, role] of [
    [approver, 'approver@example.com', 'approver'],
    [viewer, 'viewer@example.com', 'viewer'],
  ] as const) {
    const invited = await owner.call('POST', '/invites', { email, role });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect((await member.acceptInvite(mailedInviteToken(email), email)).status).toBe(201);
  }
});

describe('members and sessions', () => {
  it('signs the owner in with the session cookie the invite set, HttpOnly and SameSite=Strict', async () => {
    const session = await owner.call<{ member: { email: string; role: string } }>('GET', '/session');
    expect(session.status).toBe(200);
    expect(session.body.member).toMatchObject({ email: 'owner@example.com', role: 'owner' });
    const members = await owner.call<{ email: string; role: string }[]>('GET', '/members');
    expect(members.body.map((m) => `${m.email}:${m.role}`)).toEqual([
      'owner@example.com:owner',
      'approver@example.com:approver',
      'viewer@example.com:viewer',
    ]);
  });

  it('sets the session cookie HttpOnly, SameSite=Strict, for the whole site', async () => {
    const fresh = tab();
    const invited = await owner.call('POST', '/invites', { email: 'dev@example.com', role: 'developer' });
    expect(invited.status).toBe(201);
    const start = await fresh.call<{ challengeId: string; options: Record<string, unknown> }>(
      'POST',
      '/invites/registration',
      { token: mailedInviteToken('dev@example.com'), name: 'Dev' },
    );
    const accepted = await request('POST', `${origin()}/api/console/invites/accept`, {
      body: {
        token: mailedInviteToken('dev@example.com'),
        name: 'Dev',
        challengeId: start.body.challengeId,
        response: fresh.authenticator.register(start.body.options),
      },
      headers: { origin: 'http://localhost:3000', 'x-console-request': '1' },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.headers.get('set-cookie')).toMatch(
      /^console_session=[0-9A-Za-z]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+$/,
    );
  });

  it('uses an invite once', async () => {
    const invite = await createOwnerInvite(deps, {
      organizationId: payee.org.organizationId,
      email: 'second-owner@example.com',
      operator: 'ops@payouts.dev',
    });
    const token = tokenOfInviteUrl(invite.url);
    expect((await tab().acceptInvite(token, 'Once')).status).toBe(201);
    await expect(tab().acceptInvite(token, 'Twice')).rejects.toThrow(/Invite not found, already used or expired/);
  });

  it('signs a member in with the passkey again, and refuses a passkey the service does not know', async () => {
    const again = new ConsoleTab(request, origin);
    again.authenticator.credentials.push(...approver.authenticator.credentials);
    const signedIn = await again.signIn();
    expect(signedIn.status).toBe(200);
    expect((await again.call<{ member: { role: string } }>('GET', '/session')).body.member.role).toBe('approver');

    const stranger = new ConsoleTab(request, origin);
    stranger.authenticator.register({ challenge: 'AAAA', rp: { id: 'localhost' }, user: { id: 'eA' } });
    expect((await stranger.signIn()).status).toBe(401);
  });

  it('refuses a change without the anti-CSRF proof, and a request without a session', async () => {
    const withoutHeader = await owner.call(
      'POST',
      '/invites',
      { email: 'x@example.com', role: 'viewer' },
      { csrf: false },
    );
    expect(withoutHeader.status).toBe(403);
    expect(withoutHeader.body).toEqual({ error: expect.stringMatching(/anti-CSRF|must come from the console/) });
    const otherOrigin = await request('POST', `${origin()}/api/console/invites`, {
      body: { email: 'x@example.com', role: 'viewer' },
      headers: { cookie: owner.cookie ?? '', origin: 'https://evil.example', 'x-console-request': '1' },
    });
    expect(otherOrigin.status).toBe(403);
    expect((await tab().call('GET', '/session')).status).toBe(401);
  });

  it('refuses an API key on a console route and a session on nothing but console routes', async () => {
    const withKey = await request('GET', `${origin()}/api/console/session`, { key: payee.key });
    expect(withKey.status).toBe(401);
  });

  it('ends a session at sign-out, and every session at sign-out everywhere', async () => {
    const a = new ConsoleTab(request, origin);
    const b = new ConsoleTab(request, origin);
    a.authenticator.credentials.push(...viewer.authenticator.credentials);
    b.authenticator.credentials.push(...viewer.authenticator.credentials);
    expect((await a.signIn()).status).toBe(200);
    expect((await b.signIn()).status).toBe(200);
    const cookieOfA = a.cookie;
    expect((await a.call('POST', '/sign-out', {})).status).toBe(200);
    expect(a.cookie).toBeUndefined();
    a.cookie = cookieOfA;
    expect((await a.call('GET', '/session')).status).toBe(401);
    expect((await b.call('GET', '/session')).status).toBe(200);

    expect((await b.call('POST', '/sign-out-everywhere', {})).status).toBe(200);
    expect((await viewer.call('GET', '/session')).status).toBe(401);
    expect((await viewer.signIn()).status).toBe(200);
  });
});

describe('signed approvals', () => {
  it('lists a withdrawal over the allowance with what is paid to whom', async () => {
    const withdrawal = await proposedWithdrawal();
    const pending = await viewer.call<Pending[]>('GET', '/approvals');
    expect(pending.status).toBe(200);
    expect(pending.body.find((p) => p.id === withdrawal.id)).toMatchObject({
      status: 'PROPOSED',
      amount: withdrawal.targetAmount,
      currency: 'EUR',
      beneficiary: withdrawal.withdrawalBank?.beneficiaryName,
      account: withdrawal.withdrawalBank?.iban,
    });
  });

  it('moves to PROCESSING with two members signing; the same member cannot sign twice; a viewer cannot sign', async () => {
    const withdrawal = await proposedWithdrawal();

    const first = await owner.approve(withdrawal.id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: 'PARTIALLY_SIGNED' });

    const twice = await owner.approve(withdrawal.id);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ error: 'Approver has already signed this withdrawal' });

    const byViewer = await viewer.approve(withdrawal.id);
    expect(byViewer.status).toBe(403);

    const second = await approver.approve(withdrawal.id);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const after = await request<Transaction>('GET', `/customers/${payee.customerId}/transactions/${withdrawal.id}`, {
      key: payee.key,
    });
    expect(['PROCESSING', 'COMPLETED']).toContain(after.body.status);

    const stored = await listSignatures(deps.db, payee.org.organizationId, withdrawal.id);
    expect(stored.map((s) => s.email).sort()).toEqual(['approver@example.com', 'owner@example.com']);
    expect(stored[0]).toMatchObject({
      credentialId: expect.any(String),
      authenticatorData: expect.any(String),
      clientDataJSON: expect.any(String),
      signature: expect.any(String),
    });
    const audit = await listAuditEntries(deps.db, payee.org.organizationId, { limit: 50, action: 'withdrawal.signed' });
    const ofThis = audit.filter((entry) => entry.target === withdrawal.id);
    expect(ofThis.map((entry) => entry.details.reference)).toEqual([withdrawal.reference, withdrawal.reference]);
  });

  it('re-verifies every stored signature, which no longer verifies after the amount or account changed', async () => {
    const withdrawal = await proposedWithdrawal('120.00');
    expect((await owner.approve(withdrawal.id)).status).toBe(200);
    const ids = { organizationId: payee.org.organizationId, transactionId: withdrawal.id };
    expect(await verifySignatures(deps, ids)).toMatchObject({ allValid: true, signatures: [{ valid: true }] });

    const key = keys.transaction(payee.org.organizationId, payee.customerId, withdrawal.id);
    const set = async (field: string, value: unknown) =>
      deps.db.client.send(
        new UpdateCommand({
          TableName: deps.db.tableName,
          Key: key,
          UpdateExpression: `SET ${field} = :v`,
          ExpressionAttributeValues: { ':v': value },
        }),
      );
    await set('targetAmount', '999.99');
    expect(await verifySignatures(deps, ids)).toMatchObject({ allValid: false, signatures: [{ valid: false }] });
    await set('targetAmount', withdrawal.targetAmount);
    expect((await verifySignatures(deps, ids)).allValid).toBe(true);
    await set('withdrawalBank.iban', 'DE02120300000000202051');
    expect((await verifySignatures(deps, ids)).allValid).toBe(false);
  });

  it('does not verify a signature copied onto another transaction', async () => {
    const signed = await proposedWithdrawal('130.00');
    const other = await proposedWithdrawal('130.00');
    expect((await owner.approve(signed.id)).status).toBe(200);
    const [signature] = await listSignatures(deps.db, payee.org.organizationId, signed.id);
    if (!signature) throw new Error('no signature stored');
    const copy = { ...signature, transactionId: other.id, binding: { ...signature.binding, transactionId: other.id } };
    const { consoleWrites } = await import('#shared/console/common/repository.ts');
    const { writeGuarded } = await import('#shared/db/guarded-write.ts');
    await writeGuarded(deps.db, [consoleWrites.signature(deps.db, copy)]);
    const result = await verifySignatures(deps, { organizationId: payee.org.organizationId, transactionId: other.id });
    expect(result).toMatchObject({
      allValid: false,
      signatures: [{ valid: false, problem: 'signature does not verify' }],
    });
  });

  it('refuses a signature over a challenge for another transaction', async () => {
    const a = await proposedWithdrawal('140.00');
    const b = await proposedWithdrawal('140.00');
    const start = await approver.call<{ challengeId: string; options: Record<string, unknown> }>(
      'POST',
      `/approvals/${a.id}/options`,
      {},
    );
    const response = approver.authenticator.assert(start.body.options);
    const signed = await approver.call('POST', `/approvals/${b.id}/sign`, {
      challengeId: start.body.challengeId,
      response,
    });
    expect(signed.status).toBe(401);
  });

  it('rejects with a reason, audited', async () => {
    const withdrawal = await proposedWithdrawal('50.00');
    const rejected = await approver.call<Pending>('POST', `/approvals/${withdrawal.id}/reject`, {
      reason: 'Unknown beneficiary',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.status).toBe('CANCELLED');
    const audit = await owner.call<{ action: string; target: string; details: Record<string, string> }[]>(
      'GET',
      '/audit-log?action=withdrawal.rejected',
    );
    expect(audit.body.find((entry) => entry.target === withdrawal.id)?.details).toEqual({
      reason: 'Unknown beneficiary',
      reference: withdrawal.reference,
    });
    expect((await viewer.call('GET', '/audit-log')).status).toBe(403);
  });
});
