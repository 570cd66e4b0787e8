import { addSeconds } from '#shared/console/common/console-rules.ts';
import { authenticationOptions, CHALLENGE_TTL_S, randomChallenge } from '#shared/console/common/passkeys.ts';
import { consoleWrites } from '#shared/console/common/repository.ts';
import { writeGuarded } from '#shared/db/guarded-write.ts';
import { takeFromWindow } from '#shared/db/rate-limit.ts';
import type { Deps } from '#shared/deps.ts';
import { TooManyRequestsError } from '#shared/errors.ts';
import { newId } from '#shared/ids.ts';

/** Sign-in ceremonies (options and answers together) a source address may start per minute. */
export const SIGN_IN_ATTEMPTS_PER_MINUTE = 10;

export async function limitSignIn(deps: Deps, sourceAddress: string) {
  const limit = { scope: 'SIGNIN', id: sourceAddress, limit: SIGN_IN_ATTEMPTS_PER_MINUTE, windowSeconds: 60 };
  const outcome = await takeFromWindow(deps.db, limit, deps.clock.now());
  if (!outcome.allowed) throw new TooManyRequestsError(outcome.retryAfterSeconds);
}

/**
 * Sign-in with a discoverable passkey: no user name is asked for, the authenticator offers the member's passkeys
 * for this site and the answer names its credential.
 */
export async function startSignIn(deps: Deps, input: { sourceAddress: string }) {
  await limitSignIn(deps, input.sourceAddress);
  const now = deps.clock.now();
  const challengeId = newId();
  const challenge = randomChallenge();
  await writeGuarded(deps.db, [
    consoleWrites.challenge(deps.db, {
      challengeId,
      purpose: 'signIn',
      challenge,
      validUntil: addSeconds(now, CHALLENGE_TTL_S),
    }),
  ]);
  return { challengeId, options: await authenticationOptions(deps.config.console, challenge) };
}
