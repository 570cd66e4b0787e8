import { assertAwaitingSignatures } from '#shared/console/approvals/approval-rules.ts';
import {
  awaitingOfBatch,
  type BatchDecisionResult,
  decideItem,
  eachItem,
  NOT_REACHED,
} from '#shared/console/approvals/batch-approval-rules.ts';
import type { BatchDecision } from '#shared/console/approvals/batch-approval-schemas.ts';
import { WithdrawalChangedError } from '#shared/console/approvals/sign-withdrawal.ts';
import {
  auditItem,
  bindingOf,
  type ConsoleActor,
  memberActor,
  sameBinding,
} from '#shared/console/common/console-rules.ts';
import {
  type AuthenticationResponse,
  batchApprovalChallenge,
  PasskeyRefusedError,
  verifyAssertion,
} from '#shared/console/common/passkeys.ts';
import type { BatchBinding } from '#shared/console/common/records.ts';
import { consoleWrites, getChallenge, getPasskey } from '#shared/console/common/repository.ts';
import { WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { ALREADY_SIGNED } from '#shared/transactions/lifecycle.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';
import { approveWithdrawal } from '#shared/withdrawals/approve-withdrawal.ts';

type Assertion = { challengeId: string; credentialId: string; nonce: string; signedAt: string } & Pick<
  AuthenticationResponse['response'],
  'authenticatorData' | 'clientDataJSON' | 'signature'
> & { userHandle: string | null };

/**
 * Step two of a batch: one passkey signature over the batch's challenge approves each payout it bound. The
 * challenge must be this member's for this batch and unexpired, and is recomputed from the bound payouts; the
 * signature, consumed challenge, passkey counter, the batch's signature record and its audit entry are one
 * transaction. Then each payout is approved in its own transaction (its own signature record naming the batch's,
 * its audit entry, its `withdrawal.status_changed`), only if it still awaits signatures and shows exactly what
 * was signed; every other payout is left as it is and answered SKIPPED with the reason.
 */
export async function signWithdrawalBatch(
  deps: Deps,
  actor: ConsoleActor,
  input: { batchId: string; challengeId: string; response: AuthenticationResponse },
): Promise<BatchDecision> {
  const organizationId = actor.organization.organizationId;
  const now = deps.clock.now();
  // A batch with nothing awaiting signatures (or another organization's) is a 404 before any challenge is looked at.
  const [challenge, passkey] = await Promise.all([
    getChallenge(deps.db, input.challengeId),
    getPasskey(deps.db, input.response.id),
    awaitingOfBatch(deps, organizationId, input.batchId),
  ]);
  if (
    !challenge?.batchBinding ||
    !challenge.nonce ||
    challenge.purpose !== 'approveBatch' ||
    challenge.organizationId !== organizationId ||
    challenge.memberId !== actor.member.memberId ||
    challenge.batchBinding.batchId !== input.batchId ||
    challenge.validUntil <= now.toISOString() ||
    passkey?.memberId !== actor.member.memberId ||
    passkey.organizationId !== organizationId
  ) {
    throw new PasskeyRefusedError();
  }
  const binding = challenge.batchBinding;
  // The challenge is recomputed from what was shown, never taken on trust from the stored one.
  const expected = batchApprovalChallenge(binding, challenge.nonce);
  const counter = await verifyAssertion(deps.config.console, input.response, expected, passkey);
  const { response } = input.response;
  const assertion: Assertion = {
    challengeId: challenge.challengeId,
    credentialId: passkey.credentialId,
    nonce: challenge.nonce,
    signedAt: now.toISOString(),
    authenticatorData: response.authenticatorData,
    clientDataJSON: response.clientDataJSON,
    signature: response.signature,
    userHandle: response.userHandle ?? null,
  };
  try {
    await writeGuarded(deps.db, [
      consoleWrites.consumeChallenge(deps.db, challenge.challengeId),
      consoleWrites.passkeyUsed(deps.db, passkey, counter, now.toISOString()),
      consoleWrites.batchSignature(deps.db, {
        ...assertion,
        organizationId,
        batchId: input.batchId,
        memberId: actor.member.memberId,
        email: actor.member.email,
        batchBinding: binding,
      }),
      auditItem(deps.db, {
        organizationId,
        actor: memberActor(actor.member),
        action: 'withdrawal_batch.signed',
        target: input.batchId,
        sourceAddress: actor.sourceAddress,
        at: now,
        details: { credentialId: passkey.credentialId, withdrawals: String(binding.items.length) },
      }),
    ]);
  } catch (error) {
    if (error instanceof WriteConditionFailedError) throw new PasskeyRefusedError();
    throw error;
  }
  const results = await eachItem<BatchBinding['items'][number], BatchDecisionResult>(
    binding.items,
    (item) => signItem(deps, actor, binding, item, assertion),
    ({ transactionId, customerId }) => ({
      transactionId,
      customerId,
      outcome: 'SKIPPED',
      // Not read again: it awaits signatures as it did.
      status: 'UNCHANGED',
      error: NOT_REACHED,
    }),
  );
  return { batchId: input.batchId, results };
}

async function signItem(
  deps: Deps,
  actor: ConsoleActor,
  binding: BatchBinding,
  signed: BatchBinding['items'][number],
  assertion: Assertion,
): Promise<BatchDecisionResult> {
  const organizationId = actor.organization.organizationId;
  const { transactionId, customerId } = signed;
  const locator = { organizationId, customerId, transactionId };
  const read = () => getTransactionOfCustomer(deps.db, organizationId, customerId, transactionId);
  return decideItem(
    { transactionId, customerId },
    async () => {
      const transaction = await read();
      if (transaction?.type !== 'WITHDRAWAL' || transaction.batchId !== binding.batchId) {
        throw TRANSACTION_NOT_FOUND.error();
      }
      assertAwaitingSignatures(transaction);
      const { customerId: _, ...shown } = signed;
      if (!sameBinding(bindingOf(transaction), shown)) throw new WithdrawalChangedError();
      const approved = await approveWithdrawal(deps, actor.organization, locator, actor.member.email, {
        items: [
          consoleWrites.signature(deps.db, {
            ...assertion,
            organizationId,
            transactionId,
            memberId: actor.member.memberId,
            email: actor.member.email,
            binding: shown,
            batchId: binding.batchId,
          }),
          auditItem(deps.db, {
            organizationId,
            actor: memberActor(actor.member),
            action: 'withdrawal.signed',
            target: transactionId,
            sourceAddress: actor.sourceAddress,
            at: deps.clock.now(),
            details: {
              credentialId: assertion.credentialId,
              amount: shown.amount,
              currency: shown.currency,
              batchId: binding.batchId,
              reference: transaction.reference,
            },
          }),
        ],
        refuse: (role) => (role === 'signature' ? ALREADY_SIGNED.error() : undefined),
      });
      return { transactionId, customerId, outcome: 'SIGNED', status: approved.status };
    },
    async () => (await read())?.status ?? 'NOT_FOUND',
  );
}
