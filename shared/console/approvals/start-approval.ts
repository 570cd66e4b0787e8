import { assertAwaitingSignatures, readWithdrawal } from '#shared/console/approvals/approval-rules.ts';
import { addSeconds, bindingOf, type ConsoleActor } from '#shared/console/common/console-rules.ts';
import {
  approvalChallenge,
  authenticationOptions,
  CHALLENGE_TTL_S,
  randomChallenge,
} from '#shared/console/common/passkeys.ts';
import { consoleWrites } from '#shared/console/common/repository.ts';
import { writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { newId } from '#shared/ids.ts';
import { ALREADY_SIGNED } from '#shared/transactions/lifecycle.ts';

/**
 * Step one of signing: the challenge is the hash of what the member is shown (transaction, amount, currency,
 * beneficiary, account) and a fresh nonce, kept single-use for this member and transaction.
 */
export async function startApproval(deps: Deps, actor: ConsoleActor, transactionId: string) {
  const organizationId = actor.organization.organizationId;
  const { transaction } = await readWithdrawal(deps, organizationId, transactionId);
  assertAwaitingSignatures(transaction);
  if (transaction.approvals.some((approval) => approval.approver === actor.member.email)) throw ALREADY_SIGNED.error();
  const binding = bindingOf(transaction);
  const nonce = randomChallenge();
  const challenge = approvalChallenge(binding, nonce);
  const challengeId = newId();
  await writeGuarded(deps.db, [
    consoleWrites.challenge(deps.db, {
      challengeId,
      purpose: 'approve',
      challenge,
      organizationId,
      memberId: actor.member.memberId,
      nonce,
      binding,
      validUntil: addSeconds(deps.clock.now(), CHALLENGE_TTL_S),
    }),
  ]);
  return { challengeId, binding, nonce, options: await authenticationOptions(deps.config.console, challenge) };
}
