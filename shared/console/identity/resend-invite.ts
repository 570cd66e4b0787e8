import { type ConsoleActor, memberActor } from '#shared/console/common/console-rules.ts';
import { issueInvite } from '#shared/console/identity/invite-rules.ts';
import { orNotPending, pendingInviteFor } from '#shared/console/identity/revoke-invite.ts';
import type { Deps } from '#shared/deps.ts';

/**
 * A new link for a pending invite (lost mail, or about to expire): a new token, valid `INVITE_TTL_S` from now, mailed
 * as the first was; the old invite is revoked in the same transaction, so only the new link works.
 */
export async function resendInvite(deps: Deps, actor: ConsoleActor, inviteId: string) {
  const replaces = await pendingInviteFor(deps, actor, inviteId);
  const { invite } = await orNotPending(
    issueInvite(deps, {
      organization: actor.organization,
      email: replaces.email,
      role: replaces.role,
      actor: memberActor(actor.member),
      sourceAddress: actor.sourceAddress,
      replaces,
    }),
  );
  return { inviteId: invite.inviteId, email: invite.email, role: invite.role, validUntil: invite.validUntil };
}
