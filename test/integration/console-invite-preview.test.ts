import { beforeAll, describe, expect, it } from 'vitest';
import { operatorActor } from '#shared/console/common/console-rules.ts';
import { issueInvite } from '#shared/console/identity/invite-rules.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { consoleHeaders } from '#test/support/console/console-client.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';

/** The invite page's first call: what the link is for, before a passkey is made (shared/console/README.md). */
const deps = integrationDeps();
const { request, origin } = useApi();
let organization: Organization;

const preview = (token: string) =>
  request('POST', `${origin()}/api/console/invites/preview`, { headers: consoleHeaders(), body: { token } });

const invite = async (role: 'approver') => {
  const { url } = await issueInvite(deps, {
    organization,
    email: `${role}@example.com`,
    role,
    actor: operatorActor('ops@payouts.dev'),
    sourceAddress: 'test',
  });
  return url.slice(url.lastIndexOf('/') + 1);
};

beforeAll(async () => {
  ({ organization } = await givenOrganization(deps, { name: 'Acme Payroll' }));
});

describe("an invite's preview", () => {
  it('names the organization, the address, the role and until when the link works', async () => {
    const res = await preview(await invite('approver'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      organizationName: 'Acme Payroll',
      email: 'approver@example.com',
      role: 'approver',
      validUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('answers 404 for a token of no invite, and 400 for text that is no token', async () => {
    const unknown = await preview('A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Invite not found, already used or expired' });
    const malformed = await preview('not a token');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: expect.stringMatching(/^token: /) });
  });
});
