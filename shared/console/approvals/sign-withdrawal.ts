import { approvalView, assertAwaitingSignatures, readWithdrawal } from '#shared/console/approvals/approval-rules.ts';
import {
  auditItem,
  bindingOf,
  type ConsoleActor,
  memberActor,
  sameBinding,
} from '#shared/console/common/console-rules.ts';
import {
  type AuthenticationResponse,
  approvalChallenge,
  PasskeyRefusedError,
  verifyAssertion,
} from '#shared/console/common/passkeys.ts';
import { consoleWrites, getChallenge, getPasskey } from '#shared/console/common/repository.ts';
import type { Deps } from '#shared/deps.ts';
import { ConflictError } from '#shared/errors.ts';
import { ALREADY_SIGNED } from '#shared/transactions/lifecycle.ts';
import { approveWithdrawal } from '#shared/withdrawals/approve-withdrawal.ts';

export class WithdrawalChangedError extends ConflictError {
  constructor() {
    super('Withdrawal changed since the approval started; start again');
  }
}

/**
 * Step two: the member's passkey signed the approval challenge. The server checks that the challenge is this
 * member's for this transaction, that the withdrawal still shows what was signed, and the signature itself;
 * then the signature (member, credential, authenticator data, client data, signature), its audit entry, the
 * consumed challenge and the passkey's counter are written in the approval's own transaction
 * (shared/transactions/transitions.ts), so a signature is stored exactly when it counts.
 */
export async function signWithdrawal(
  deps: Deps,
  actor: ConsoleActor,
  input: { transactionId: string; challengeId: string; response: AuthenticationResponse },
) {
  const organizationId = actor.organization.organizationId;
  const now = deps.clock.now();
  const [challenge, passkey, { locator, transaction }] = await Promise.all([
    getChallenge(deps.db, input.challengeId),
    getPasskey(deps.db, input.response.id),
    readWithdrawal(deps, organizationId, input.transactionId),
  ]);
  if (
    !challenge?.binding ||
    !challenge.nonce ||
    challenge.purpose !== 'approve' ||
    challenge.organizationId !== organizationId ||
    challenge.memberId !== actor.member.memberId ||
    challenge.binding.transactionId !== input.transactionId ||
    challenge.validUntil <= now.toISOString() ||
    passkey?.memberId !== actor.member.memberId ||
    passkey.organizationId !== organizationId
  ) {
    throw new PasskeyRefusedError();
  }
  assertAwaitingSignatures(transaction);
  if (!sameBinding(bindingOf(transaction), challenge.binding)) throw new WithdrawalChangedError();
  // The challenge is recomputed from what was shown, never taken on trust from the stored one.
  const expected = approvalChallenge(challenge.binding, challenge.nonce);
  const counter = await verifyAssertion(deps.config.console, input.response, expected, passkey);
  const { response } = input.response;
  const approved = await approveWithdrawal(deps, actor.organization, locator, actor.member.email, {
    items: [
      consoleWrites.consumeChallenge(deps.db, challenge.challengeId),
      consoleWrites.passkeyUsed(deps.db, passkey, counter, now.toISOString()),
      consoleWrites.signature(deps.db, {
        organizationId,
        transactionId: input.transactionId,
        memberId: actor.member.memberId,
        email: actor.member.email,
        credentialId: passkey.credentialId,
        challengeId: challenge.challengeId,
        nonce: challenge.nonce,
        binding: challenge.binding,
        authenticatorData: response.authenticatorData,
        clientDataJSON: response.clientDataJSON,
        signature: response.signature,
        userHandle: response.userHandle ?? null,
        signedAt: now.toISOString(),
      }),
      auditItem(deps.db, {
        organizationId,
        actor: memberActor(actor.member),
        action: 'withdrawal.signed',
        target: input.transactionId,
        sourceAddress: actor.sourceAddress,
        at: now,
        details: {
          credentialId: passkey.credentialId,
          amount: challenge.binding.amount,
          currency: challenge.binding.currency,
          reference: transaction.reference,
        },
      }),
    ],
    refuse: (role) =>
      role === 'signature'
        ? ALREADY_SIGNED.error()
        : role === 'challenge' || role === 'passkey'
          ? new PasskeyRefusedError()
          : undefined,
  });
  return approvalView(actor.organization, approved);
}
