import { type PayeeDecision, requireAwaitingBank } from '#shared/banks/decide-payee-confirmation.ts';
import { payeeBindingOf, payeeDecisionChallenge } from '#shared/console/approvals/payee-decision-rules.ts';
import { addSeconds, type ConsoleActor } from '#shared/console/common/console-rules.ts';
import { authenticationOptions, CHALLENGE_TTL_S, randomChallenge } from '#shared/console/common/passkeys.ts';
import { consoleWrites } from '#shared/console/common/repository.ts';
import { writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { newId } from '#shared/ids.ts';

/**
 * Step one of a payee decision: the challenge is the hash of what the member is shown (bank, name, account, the
 * check's answer) and of the decision itself, with a fresh nonce, single use for this member and bank.
 */
export async function startPayeeDecision(
  deps: Deps,
  actor: ConsoleActor,
  input: { bankId: string; decision: PayeeDecision; reason?: string | undefined },
) {
  const organizationId = actor.organization.organizationId;
  const { bank } = await requireAwaitingBank(deps.db, organizationId, input.bankId);
  const binding = payeeBindingOf(bank, input.decision, input.reason ?? null);
  const nonce = randomChallenge();
  const challenge = payeeDecisionChallenge(binding, nonce);
  const challengeId = newId();
  await writeGuarded(deps.db, [
    consoleWrites.challenge(deps.db, {
      challengeId,
      purpose: 'decidePayee',
      challenge,
      organizationId,
      memberId: actor.member.memberId,
      nonce,
      payeeBinding: binding,
      validUntil: addSeconds(deps.clock.now(), CHALLENGE_TTL_S),
    }),
  ]);
  return { challengeId, binding, nonce, options: await authenticationOptions(deps.config.console, challenge) };
}
