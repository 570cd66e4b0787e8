import {
  awaitingOfBatch,
  BATCH_ALREADY_SIGNED,
  batchBindingOf,
} from '#shared/console/approvals/batch-approval-rules.ts';
import { addSeconds, type ConsoleActor } from '#shared/console/common/console-rules.ts';
import {
  authenticationOptions,
  batchApprovalChallenge,
  CHALLENGE_TTL_S,
  randomChallenge,
} from '#shared/console/common/passkeys.ts';
import { consoleWrites } from '#shared/console/common/repository.ts';
import { writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { newId } from '#shared/ids.ts';

/**
 * Step one of signing a batch: the challenge is the hash of the batch id, every payout of it that awaits this
 * member's signature (id, amount, currency, beneficiary, account) and a fresh nonce, kept single-use for this
 * member and batch. A payout the member already signed is left out; none left is a 409.
 */
export async function startBatchApproval(deps: Deps, actor: ConsoleActor, batchId: string) {
  const organizationId = actor.organization.organizationId;
  const awaiting = await awaitingOfBatch(deps, organizationId, batchId);
  const unsigned = awaiting.filter(
    (transaction) => !transaction.approvals.some((approval) => approval.approver === actor.member.email),
  );
  if (unsigned.length === 0) throw BATCH_ALREADY_SIGNED.error();
  const batchBinding = batchBindingOf(batchId, unsigned);
  const nonce = randomChallenge();
  const challenge = batchApprovalChallenge(batchBinding, nonce);
  const challengeId = newId();
  await writeGuarded(deps.db, [
    consoleWrites.challenge(deps.db, {
      challengeId,
      purpose: 'approveBatch',
      challenge,
      organizationId,
      memberId: actor.member.memberId,
      nonce,
      batchBinding,
      validUntil: addSeconds(deps.clock.now(), CHALLENGE_TTL_S),
    }),
  ]);
  return { challengeId, batchBinding, nonce, options: await authenticationOptions(deps.config.console, challenge) };
}
