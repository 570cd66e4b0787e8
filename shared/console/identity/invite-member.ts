import { ALREADY_MEMBER, type ConsoleActor, memberActor } from '#shared/console/common/console-rules.ts';
import { isMemberEmail } from '#shared/console/common/repository.ts';
import { mayInvite, type Role } from '#shared/console/common/roles.ts';
import { issueInvite } from '#shared/console/identity/invite-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { ForbiddenError } from '#shared/errors.ts';

/** Owners invite any role, admins any role but owner; an address that is already a member is refused (409). */
export async function inviteMember(deps: Deps, actor: ConsoleActor, input: { email: string; role: Role }) {
  if (!mayInvite(actor.member.role, input.role))
    throw new ForbiddenError(`An ${actor.member.role} cannot invite an ${input.role}`);
  if (await isMemberEmail(deps.db, actor.organization.organizationId, input.email)) throw ALREADY_MEMBER.error();
  const { invite } = await issueInvite(deps, {
    organization: actor.organization,
    email: input.email,
    role: input.role,
    actor: memberActor(actor.member),
    sourceAddress: actor.sourceAddress,
  });
  return { inviteId: invite.inviteId, email: invite.email, role: invite.role, validUntil: invite.validUntil };
}
