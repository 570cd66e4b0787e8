import { addSeconds, hashToken, INVITE_INVALID } from '#shared/console/common/console-rules.ts';
import { CHALLENGE_TTL_S, randomChallenge, registrationOptions } from '#shared/console/common/passkeys.ts';
import { consoleWrites, getInvite } from '#shared/console/common/repository.ts';
import { writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { NotFoundError } from '#shared/errors.ts';
import { newId } from '#shared/ids.ts';

export class InviteInvalidError extends NotFoundError {
  constructor() {
    super(INVITE_INVALID.message);
  }
}

/**
 * Step one of accepting an invite: the invite must be pending and unexpired; the answer is the passkey creation
 * options for the future member, with a single-use challenge tied to this invite.
 */
export async function startRegistration(deps: Deps, input: { token: string; name: string }) {
  const now = deps.clock.now();
  const tokenHash = hashToken(input.token);
  const invite = await getInvite(deps.db, tokenHash);
  if (invite?.status !== 'PENDING' || invite.validUntil <= now.toISOString()) throw new InviteInvalidError();
  const challengeId = newId();
  const memberId = newId();
  const challenge = randomChallenge();
  await writeGuarded(deps.db, [
    consoleWrites.challenge(deps.db, {
      challengeId,
      purpose: 'register',
      challenge,
      inviteTokenHash: tokenHash,
      organizationId: invite.organizationId,
      memberId,
      validUntil: addSeconds(now, CHALLENGE_TTL_S),
    }),
  ]);
  const options = await registrationOptions(deps.config.console, {
    challenge,
    memberId,
    email: invite.email,
    name: input.name,
  });
  return { challengeId, email: invite.email, role: invite.role, options };
}
