import { addSeconds, auditItem, hashToken, newSecretToken } from '#shared/console/common/console-rules.ts';
import type { AuditActor, Invite, PendingInvite } from '#shared/console/common/records.ts';
import { consoleWrites } from '#shared/console/common/repository.ts';
import type { Role } from '#shared/console/common/roles.ts';
import type { Db } from '#shared/db/client.ts';
import { writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { refusal } from '#shared/errors.ts';
import { newId } from '#shared/ids.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { mailerFor } from '#shared/rails/mail/mailer.ts';

export const PENDING_INVITE_NOT_FOUND = refusal(404, 'Invite not found, already accepted, revoked or expired');

/** An invite retired (revoked, or replaced by a resend): its token works no more and it is no longer listed. */
export const retireInvite = (db: Db, invite: PendingInvite) => [
  consoleWrites.revokeInvite(db, invite.tokenHash),
  consoleWrites.unlistInvite(db, invite.organizationId, invite.inviteId),
];

/** The link an invitee opens: the console's accept page with the token in the fragment (never sent to a server log). */
export const inviteUrl = (origin: string, token: string) => `${origin}/console/#/invite/${token}`;

/**
 * Stores an invite (its token only hashed, single use, valid for `INVITE_TTL_S`) with its audit entry in one
 * transaction, then mails the link. The link is returned to the caller only for the operator CLI and `npm start`.
 */
export async function issueInvite(
  deps: Deps,
  input: {
    organization: Organization;
    email: string;
    role: Role;
    actor: AuditActor;
    sourceAddress: string;
    /** A resend: the invite it replaces, revoked in the same transaction. */
    replaces?: PendingInvite;
  },
) {
  const now = deps.clock.now();
  const token = newSecretToken();
  const invite: Invite = {
    inviteId: newId(),
    organizationId: input.organization.organizationId,
    email: input.email.trim().toLowerCase(),
    role: input.role,
    tokenHash: hashToken(token),
    status: 'PENDING',
    invitedBy: input.actor.email,
    createdAt: now.toISOString(),
    validUntil: addSeconds(now, deps.config.console.inviteTtlSeconds),
  };
  const replaced = input.replaces;
  await writeGuarded(deps.db, [
    ...consoleWrites.invite(deps.db, invite),
    ...(replaced ? retireInvite(deps.db, replaced) : []),
    auditItem(deps.db, {
      organizationId: invite.organizationId,
      actor: input.actor,
      action: replaced ? 'member.invite_resent' : 'member.invited',
      target: invite.email,
      sourceAddress: input.sourceAddress,
      at: now,
      details: {
        role: invite.role,
        inviteId: invite.inviteId,
        ...(replaced ? { replacesInviteId: replaced.inviteId } : {}),
      },
    }),
  ]);
  const url = inviteUrl(deps.config.console.origin, token);
  await mailerFor(deps.config).send({
    to: invite.email,
    subject: `You are invited to ${input.organization.name} on Payouts`,
    text: [
      `${input.actor.email} invited you to ${input.organization.name} as ${invite.role}.`,
      `Open this link to accept and register a passkey (it works once, until ${invite.validUntil}):`,
      url,
    ].join('\n'),
  });
  return { invite, url };
}
