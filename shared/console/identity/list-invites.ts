import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import { listPendingInvites } from '#shared/console/common/repository.ts';
import type { Deps } from '#shared/deps.ts';

/** The organization's invites not yet accepted, revoked or expired, oldest first. */
export async function listInvites(deps: Deps, actor: ConsoleActor) {
  const now = deps.clock.now().toISOString();
  const invites = await listPendingInvites(deps.db, actor.organization.organizationId, now);
  return invites.map(({ inviteId, email, role, invitedBy, createdAt, validUntil }) => ({
    inviteId,
    email,
    role,
    invitedBy,
    createdAt,
    validUntil,
  }));
}
