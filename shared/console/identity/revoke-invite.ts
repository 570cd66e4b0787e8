import { auditItem, type ConsoleActor, memberActor } from '#shared/console/common/console-rules.ts';
import type { PendingInvite } from '#shared/console/common/records.ts';
import { getPendingInvite } from '#shared/console/common/repository.ts';
import { mayInvite } from '#shared/console/common/roles.ts';
import { PENDING_INVITE_NOT_FOUND, retireInvite } from '#shared/console/identity/invite-rules.ts';
import { WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { ForbiddenError } from '#shared/errors.ts';

/** A pending invite of the actor's organization that the actor's role could have sent (admins: no owner invites). */
export async function pendingInviteFor(deps: Deps, actor: ConsoleActor, inviteId: string): Promise<PendingInvite> {
  const invite = await getPendingInvite(deps.db, actor.organization.organizationId, inviteId);
  if (!invite || invite.validUntil <= deps.clock.now().toISOString()) throw PENDING_INVITE_NOT_FOUND.error();
  if (!mayInvite(actor.member.role, invite.role))
    throw new ForbiddenError(`An ${actor.member.role} cannot manage an invite of an ${invite.role}`);
  return invite;
}

/** An invite accepted meanwhile is not revoked (the guard on its status loses): 404 as for any non-pending one. */
export async function orNotPending<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof WriteConditionFailedError && error.role === 'invite') throw PENDING_INVITE_NOT_FOUND.error();
    throw error;
  }
}

/** The invite's link works no more; the invite leaves the list; the audit log says who revoked it. */
export async function revokeInvite(deps: Deps, actor: ConsoleActor, inviteId: string) {
  const invite = await pendingInviteFor(deps, actor, inviteId);
  await orNotPending(
    writeGuarded(deps.db, [
      ...retireInvite(deps.db, invite),
      auditItem(deps.db, {
        organizationId: invite.organizationId,
        actor: memberActor(actor.member),
        action: 'member.invite_revoked',
        target: invite.email,
        sourceAddress: actor.sourceAddress,
        at: deps.clock.now(),
        details: { role: invite.role, inviteId: invite.inviteId },
      }),
    ]),
  );
  const { inviteId: id, email, role, invitedBy, createdAt, validUntil } = invite;
  return { inviteId: id, email, role, invitedBy, createdAt, validUntil };
}
