import { listMembersOfOrganization } from '#shared/console/common/repository.ts';
import { createOwnerInvite } from '#shared/console/identity/create-owner-invite.ts';
import type { Deps } from '#shared/deps.ts';

export const LOCAL_OWNER_EMAIL = 'owner@sandbox.local';

/**
 * `npm start`'s way into the console: while the sandbox organization has no owner, a fresh one-time owner
 * invite at every start (an older one still works until used or expired). Undefined once an owner has joined.
 */
export async function ownerInviteOnStart(deps: Deps, organizationId: string): Promise<string | undefined> {
  const members = await listMembersOfOrganization(deps.db, organizationId);
  if (members.some((member) => member.role === 'owner' && member.status === 'ACTIVE')) return undefined;
  const invite = await createOwnerInvite(deps, {
    organizationId,
    email: LOCAL_OWNER_EMAIL,
    operator: 'npm-start@localhost',
  });
  return invite.url;
}
