import { hashToken } from '#shared/console/common/console-rules.ts';
import { getInvite } from '#shared/console/common/repository.ts';
import { InviteInvalidError } from '#shared/console/identity/start-registration.ts';
import type { Deps } from '#shared/deps.ts';
import { getOrganization } from '#shared/organizations/repository.ts';

/**
 * The invite page's first read: the organization's name, the invited address and role, and until when the link
 * works, so the person knows what they join before registering a passkey. Reads only; any invalid token is the same
 * 404 as registration gives.
 */
export async function previewInvite(deps: Deps, input: { token: string }) {
  const invite = await getInvite(deps.db, hashToken(input.token));
  if (invite?.status !== 'PENDING' || invite.validUntil <= deps.clock.now().toISOString()) {
    throw new InviteInvalidError();
  }
  const organization = await getOrganization(deps.db, invite.organizationId);
  if (!organization) throw new InviteInvalidError();
  return { organizationName: organization.name, email: invite.email, role: invite.role, validUntil: invite.validUntil };
}
