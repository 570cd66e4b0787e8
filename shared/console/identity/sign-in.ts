import { auditItem, memberActor, newSession } from '#shared/console/common/console-rules.ts';
import { type AuthenticationResponse, PasskeyRefusedError, verifyAssertion } from '#shared/console/common/passkeys.ts';
import {
  consoleWrites,
  getChallenge,
  getMemberWithOrganization,
  getPasskey,
} from '#shared/console/common/repository.ts';
import { getSession } from '#shared/console/identity/get-session.ts';
import { limitSignIn } from '#shared/console/identity/start-sign-in.ts';
import { WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';

/**
 * The passkey's assertion over the sign-in challenge opens a session. The challenge is consumed and the
 * signature counter moved on in the same transaction, so an answer is good once. Any failure is the same 401.
 */
export async function signIn(
  deps: Deps,
  input: { challengeId: string; response: AuthenticationResponse; sourceAddress: string },
) {
  await limitSignIn(deps, input.sourceAddress);
  const now = deps.clock.now();
  const [challenge, passkey] = await Promise.all([
    getChallenge(deps.db, input.challengeId),
    getPasskey(deps.db, input.response.id),
  ]);
  if (challenge?.purpose !== 'signIn' || challenge.validUntil <= now.toISOString() || !passkey) {
    throw new PasskeyRefusedError();
  }
  const { member, organization } = await getMemberWithOrganization(deps.db, passkey.organizationId, passkey.memberId);
  if (member?.status !== 'ACTIVE' || !organization) throw new PasskeyRefusedError();
  const counter = await verifyAssertion(deps.config.console, input.response, challenge.challenge, passkey);
  const { token, tokenHash, session } = newSession(deps.config, member, now);
  try {
    await writeGuarded(deps.db, [
      consoleWrites.consumeChallenge(deps.db, challenge.challengeId),
      consoleWrites.passkeyUsed(deps.db, passkey, counter, now.toISOString()),
      consoleWrites.session(deps.db, tokenHash, session),
      auditItem(deps.db, {
        organizationId: member.organizationId,
        actor: memberActor(member),
        action: 'session.signed_in',
        target: session.sessionId,
        sourceAddress: input.sourceAddress,
        at: now,
        details: { credentialId: passkey.credentialId },
      }),
    ]);
  } catch (error) {
    if (error instanceof WriteConditionFailedError) throw new PasskeyRefusedError();
    throw error;
  }
  return { sessionToken: token, view: getSession({ member, organization }) };
}
