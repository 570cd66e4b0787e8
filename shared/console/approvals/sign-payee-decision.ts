import { decidePayeeConfirmation, requireAwaitingBank } from '#shared/banks/decide-payee-confirmation.ts';
import {
  BankChangedError,
  payeeBindingOf,
  payeeDecisionChallenge,
  samePayeeBinding,
} from '#shared/console/approvals/payee-decision-rules.ts';
import { auditItem, type ConsoleActor, memberActor } from '#shared/console/common/console-rules.ts';
import { type AuthenticationResponse, PasskeyRefusedError, verifyAssertion } from '#shared/console/common/passkeys.ts';
import { consoleWrites, getChallenge, getPasskey } from '#shared/console/common/repository.ts';
import type { Deps } from '#shared/deps.ts';

/**
 * Step two: the member's passkey signed the decision's challenge. The challenge must be this member's, for this
 * bank, unexpired; the bank must still show what was signed; the challenge is recomputed from that and the
 * assertion verified. The decision, its audit entry (with the signature, enough to verify it again against the
 * member's passkey), the consumed challenge and the passkey's counter are one transaction.
 */
export async function signPayeeDecision(
  deps: Deps,
  actor: ConsoleActor,
  input: { bankId: string; challengeId: string; response: AuthenticationResponse },
) {
  const organizationId = actor.organization.organizationId;
  const now = deps.clock.now();
  // The bank first: another organization's bank, or one no longer awaiting, is simply not found.
  const [{ bank }, challenge, passkey] = await Promise.all([
    requireAwaitingBank(deps.db, organizationId, input.bankId),
    getChallenge(deps.db, input.challengeId),
    getPasskey(deps.db, input.response.id),
  ]);
  const signed = challenge?.payeeBinding;
  if (
    !challenge ||
    !signed ||
    !challenge.nonce ||
    challenge.purpose !== 'decidePayee' ||
    challenge.organizationId !== organizationId ||
    challenge.memberId !== actor.member.memberId ||
    signed.bankId !== input.bankId ||
    challenge.validUntil <= now.toISOString() ||
    passkey?.memberId !== actor.member.memberId ||
    passkey.organizationId !== organizationId
  ) {
    throw new PasskeyRefusedError();
  }
  const shown = payeeBindingOf(bank, signed.decision, signed.reason || null);
  if (!samePayeeBinding(shown, signed)) throw new BankChangedError();
  // The challenge is recomputed from the bank as it is now, never taken on trust from the stored one.
  const counter = await verifyAssertion(
    deps.config.console,
    input.response,
    payeeDecisionChallenge(shown, challenge.nonce),
    passkey,
  );
  const { response } = input.response;
  return decidePayeeConfirmation(deps, {
    organizationId,
    bankId: input.bankId,
    decision: signed.decision,
    by: actor.member.email,
    reason: signed.reason || null,
    alongside: [
      consoleWrites.consumeChallenge(deps.db, challenge.challengeId),
      consoleWrites.passkeyUsed(deps.db, passkey, counter, now.toISOString()),
      auditItem(deps.db, {
        organizationId,
        actor: memberActor(actor.member),
        action: signed.decision === 'CONFIRM' ? 'withdrawal_bank.payee_confirmed' : 'withdrawal_bank.payee_rejected',
        target: input.bankId,
        sourceAddress: actor.sourceAddress,
        at: now,
        details: {
          customerId: signed.customerId,
          beneficiary: signed.beneficiary,
          account: signed.account,
          result: signed.result,
          matchedName: signed.matchedName,
          reason: signed.reason,
          credentialId: passkey.credentialId,
          challengeId: challenge.challengeId,
          nonce: challenge.nonce,
          authenticatorData: response.authenticatorData,
          clientDataJSON: response.clientDataJSON,
          signature: response.signature,
          userHandle: response.userHandle ?? '',
        },
      }),
    ],
    refuse: (role) => (role === 'challenge' || role === 'passkey' ? new PasskeyRefusedError() : undefined),
  });
}
