import { operatorActor } from '#shared/console/common/console-rules.ts';
import type { Role } from '#shared/console/common/roles.ts';
import { acceptInvite } from '#shared/console/identity/accept-invite.ts';
import { issueInvite } from '#shared/console/identity/invite-rules.ts';
import { startRegistration } from '#shared/console/identity/start-registration.ts';
import type { Deps } from '#shared/deps.ts';
import { getOrganization } from '#shared/organizations/repository.ts';
import { consoleHeaders, consoleOrigin } from '#test/support/console/console-client.ts';
import { SoftAuthenticator } from '#test/support/console/soft-authenticator.ts';

/**
 * A member of the organization with `role`, made through the real use cases (invite, passkey registration with
 * a software authenticator, acceptance), and the cookie of the session the acceptance opened.
 */
export async function givenMemberSession(deps: Deps, organizationId: string, role: Role) {
  const organization = await getOrganization(deps.db, organizationId);
  if (!organization) throw new Error(`no organization ${organizationId}`);
  const email = `${role}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { url } = await issueInvite(deps, {
    organization,
    email,
    role,
    actor: operatorActor('ops@payouts.dev'),
    sourceAddress: 'test',
  });
  const token = url.slice(url.lastIndexOf('/') + 1);
  const authenticator = new SoftAuthenticator(consoleOrigin());
  const { challengeId, options } = await startRegistration(deps, { token, name: role });
  const response = authenticator.register(options as unknown as Record<string, unknown>);
  const { sessionToken } = await acceptInvite(deps, {
    token,
    name: role,
    challengeId,
    response,
    sourceAddress: 'test',
  });
  const cookie = `console_session=${sessionToken}`;
  return { email, cookie, authenticator, headers: { ...consoleHeaders(), cookie } };
}
