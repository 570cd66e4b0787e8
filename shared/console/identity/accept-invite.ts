import { ALREADY_MEMBER, auditItem, hashToken, memberActor, newSession } from '#shared/console/common/console-rules.ts';
import { type RegistrationResponse, verifyRegistration } from '#shared/console/common/passkeys.ts';
import type { Member } from '#shared/console/common/records.ts';
import { consoleWrites, getChallenge, getInvite } from '#shared/console/common/repository.ts';
import { getSession } from '#shared/console/identity/get-session.ts';
import { InviteInvalidError } from '#shared/console/identity/start-registration.ts';
import { WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { ConflictError } from '#shared/errors.ts';
import { getOrganization } from '#shared/organizations/repository.ts';

/**
 * Step two: the new passkey answers the registration challenge of this invite. In one transaction the challenge
 * is consumed, the invite accepted (once, before it expires), the member and the passkey created, and the first
 * session opened; a second accept of the same invite, or an e-mail that is already a member, loses a guard.
 */
export async function acceptInvite(
  deps: Deps,
  input: {
    token: string;
    challengeId: string;
    name: string;
    response: RegistrationResponse;
    sourceAddress: string;
  },
) {
  const now = deps.clock.now();
  const tokenHash = hashToken(input.token);
  const [challenge, invite] = await Promise.all([
    getChallenge(deps.db, input.challengeId),
    getInvite(deps.db, tokenHash),
  ]);
  const organization = invite && (await getOrganization(deps.db, invite.organizationId));
  if (
    challenge?.purpose !== 'register' ||
    challenge.inviteTokenHash !== tokenHash ||
    challenge.validUntil <= now.toISOString() ||
    !invite ||
    invite.status !== 'PENDING' ||
    invite.validUntil <= now.toISOString() ||
    !challenge.memberId ||
    !organization
  ) {
    throw new InviteInvalidError();
  }
  const credential = await verifyRegistration(deps.config.console, input.response, challenge.challenge);
  const member: Member = {
    memberId: challenge.memberId,
    organizationId: invite.organizationId,
    email: invite.email,
    name: input.name,
    role: invite.role,
    status: 'ACTIVE',
    sessionEpoch: 0,
    invitedBy: invite.invitedBy,
    createdAt: now.toISOString(),
  };
  const { token, tokenHash: sessionHash, session } = newSession(deps.config, member, now);
  try {
    await writeGuarded(deps.db, [
      consoleWrites.consumeChallenge(deps.db, challenge.challengeId),
      consoleWrites.acceptInvite(deps.db, tokenHash, now.toISOString()),
      consoleWrites.unlistInvite(deps.db, invite.organizationId, invite.inviteId),
      ...consoleWrites.member(deps.db, member),
      consoleWrites.passkey(deps.db, {
        ...credential,
        organizationId: member.organizationId,
        memberId: member.memberId,
        createdAt: now.toISOString(),
        lastUsedAt: now.toISOString(),
      }),
      consoleWrites.session(deps.db, sessionHash, session),
      auditItem(deps.db, {
        organizationId: member.organizationId,
        actor: memberActor(member),
        action: 'member.joined',
        target: member.memberId,
        sourceAddress: input.sourceAddress,
        at: now,
        details: { role: member.role, credentialId: credential.credentialId },
      }),
    ]);
  } catch (error) {
    if (!(error instanceof WriteConditionFailedError)) throw error;
    if (error.role === 'memberEmail') throw ALREADY_MEMBER.error();
    if (error.role === 'passkey') throw new ConflictError('Passkey already registered');
    throw new InviteInvalidError();
  }
  return { sessionToken: token, view: getSession({ member, organization }) };
}
