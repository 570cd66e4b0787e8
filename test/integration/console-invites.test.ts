import { beforeAll, describe, expect, it } from 'vitest';
import { consoleHeaders, mailedInviteToken } from '#test/support/console/console-client.ts';
import { givenMemberSession } from '#test/support/console/member-sessions.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';

/**
 * Pending invites (shared/console/README.md, "Invites"): listed with who invited whom as what until when; resent
 * with a new link that replaces the old; revoked so the link works no more; gone from the list once accepted.
 */
const table = useOwnTable();
const { request, origin } = useApi();

type Session = Awaited<ReturnType<typeof givenMemberSession>>;
type Pending = { inviteId: string; email: string; role: string; invitedBy: string; validUntil: string };
let owner: Session;
let admin: Session;
let viewer: Session;

const consoleCall = <T = unknown>(session: Session, method: 'GET' | 'POST', path: string, body?: unknown) =>
  request<T>(method, `${origin()}/api/console${path}`, { headers: session.headers, body });
const preview = (token: string) =>
  request('POST', `${origin()}/api/console/invites/preview`, { body: { token }, headers: consoleHeaders() });
const pending = async (session: Session) => {
  const res = await consoleCall<Pending[]>(session, 'GET', '/invites');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const invite = async (session: Session, role: string) => {
  const email = `invitee-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await consoleCall<{ inviteId: string }>(session, 'POST', '/invites', { email, role });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { email, inviteId: res.body.inviteId };
};

beforeAll(async () => {
  const org = await givenOrganization(table.deps);
  owner = await givenMemberSession(table.deps, org.organizationId, 'owner');
  admin = await givenMemberSession(table.deps, org.organizationId, 'admin');
  viewer = await givenMemberSession(table.deps, org.organizationId, 'viewer');
}, 60_000);

describe('pending invites', () => {
  it('lists an invite until it is accepted (the members made through invites are not listed)', async () => {
    const { email, inviteId } = await invite(owner, 'approver');
    const listed = await pending(viewer);
    expect(listed).toEqual([
      expect.objectContaining({
        inviteId,
        email,
        role: 'approver',
        invitedBy: owner.email,
        validUntil: expect.any(String),
      }),
    ]);
    expect(listed[0]).not.toHaveProperty('tokenHash');
    await consoleCall(owner, 'POST', `/invites/${inviteId}/revoke`);
  });

  it('resends with a new link: the old one stops working, the new one works, one invite is listed', async () => {
    const { email, inviteId } = await invite(admin, 'viewer');
    const oldToken = mailedInviteToken(email);
    const res = await consoleCall<{ inviteId: string; email: string }>(admin, 'POST', `/invites/${inviteId}/resend`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.inviteId).not.toBe(inviteId);
    expect(res.body.email).toBe(email);
    const newToken = mailedInviteToken(email);
    expect(newToken).not.toBe(oldToken);
    expect((await preview(oldToken)).status).toBe(404);
    expect((await preview(newToken)).status).toBe(200);
    expect((await pending(owner)).map((p) => p.inviteId)).toEqual([res.body.inviteId]);
    // The replaced invite is no longer pending.
    expect((await consoleCall(admin, 'POST', `/invites/${inviteId}/resend`)).status).toBe(404);

    const revoked = await consoleCall<Pending>(owner, 'POST', `/invites/${res.body.inviteId}/revoke`);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect((await preview(newToken)).status).toBe(404);
    expect(await pending(owner)).toEqual([]);
    const again = await consoleCall<{ error: string }>(owner, 'POST', `/invites/${res.body.inviteId}/revoke`);
    expect(again.status).toBe(404);
    expect(again.body.error).toMatch(/Invite not found/);
  });

  it('audits each resend and revocation', async () => {
    const res = await consoleCall<{ action: string }[]>(owner, 'GET', '/audit-log?limit=50');
    const actions = res.body.map((entry) => entry.action);
    expect(actions).toContain('member.invite_resent');
    expect(actions).toContain('member.invite_revoked');
  });

  it("lists, resends and revokes no other organization's invite (404, as for none)", async () => {
    const elsewhere = await givenOrganization(table.deps);
    const stranger = await givenMemberSession(table.deps, elsewhere.organizationId, 'owner');
    const { email, inviteId } = await invite(owner, 'viewer');
    expect((await pending(stranger)).map((p) => p.email)).not.toContain(email);
    expect((await consoleCall(stranger, 'POST', `/invites/${inviteId}/resend`)).status).toBe(404);
    expect((await consoleCall(stranger, 'POST', `/invites/${inviteId}/revoke`)).status).toBe(404);
    expect((await pending(owner)).map((p) => p.inviteId)).toEqual([inviteId]);
    await consoleCall(owner, 'POST', `/invites/${inviteId}/revoke`);
  });

  it("refuses an admin an owner's invite, and a viewer any", async () => {
    const { inviteId } = await invite(owner, 'owner');
    expect((await consoleCall(admin, 'POST', `/invites/${inviteId}/revoke`)).status).toBe(403);
    expect((await consoleCall(admin, 'POST', `/invites/${inviteId}/resend`)).status).toBe(403);
    expect((await consoleCall(viewer, 'POST', `/invites/${inviteId}/revoke`)).status).toBe(403);
    expect((await consoleCall(owner, 'POST', `/invites/${inviteId}/revoke`)).status).toBe(200);
  });
});
