import { bindingOf, sameBinding } from '#shared/console/common/console-rules.ts';
import { approvalChallenge, batchApprovalChallenge, verifyAssertion } from '#shared/console/common/passkeys.ts';
import { getBatchSignature, getPasskey, listSignatures } from '#shared/console/common/repository.ts';
import type { Deps } from '#shared/deps.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { locate, TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';

export type SignatureCheck = {
  memberId: string;
  email: string;
  credentialId: string;
  signedAt: string;
  valid: boolean;
  problem: string | null;
};

/**
 * Verifies every stored signature of a transaction again, with nothing but the table: the challenge is rebuilt
 * from the transaction as it is NOW (id, amount, currency, beneficiary, account) and the signature's nonce, and
 * the stored authenticator data, client data and signature are checked against the member's passkey. A signature
 * copied onto another transaction, or a transaction whose amount or account changed since, does not verify.
 * A batch's signature is rebuilt from the batch's record of what it bound, with this payout's entry as it is now.
 */
export async function verifySignatures(deps: Deps, input: { organizationId: string; transactionId: string }) {
  const locator = await locate(deps, input.organizationId, input.transactionId);
  const transaction = await getTransactionOfCustomer(
    deps.db,
    input.organizationId,
    locator.customerId,
    input.transactionId,
  );
  if (!transaction) throw TRANSACTION_NOT_FOUND.error();
  const binding = bindingOf(transaction);
  const signatures = await listSignatures(deps.db, input.organizationId, input.transactionId);
  const checks: SignatureCheck[] = [];
  for (const signature of signatures) {
    const check = {
      memberId: signature.memberId,
      email: signature.email,
      credentialId: signature.credentialId,
      signedAt: signature.signedAt,
    };
    const passkey = await getPasskey(deps.db, signature.credentialId);
    const problem =
      !passkey || passkey.memberId !== signature.memberId
        ? 'passkey not found for this member'
        : await verifyStored(deps, signature, passkey, binding);
    checks.push({ ...check, valid: problem === null, problem });
  }
  return {
    transactionId: input.transactionId,
    status: transaction.status,
    binding,
    signatures: checks,
    allValid: checks.every((c) => c.valid),
  };
}

async function verifyStored(
  deps: Deps,
  signature: Awaited<ReturnType<typeof listSignatures>>[number],
  passkey: NonNullable<Awaited<ReturnType<typeof getPasskey>>>,
  binding: ReturnType<typeof bindingOf>,
): Promise<string | null> {
  const difference = sameBinding(signature.binding, binding) ? null : 'the transaction differs from what was signed';
  const challenge = signature.batchId
    ? await batchChallengeNow(deps, signature, signature.batchId, binding)
    : approvalChallenge(binding, signature.nonce);
  if (challenge === undefined) return "the batch's signature record is missing";
  try {
    await verifyAssertion(
      deps.config.console,
      {
        id: signature.credentialId,
        rawId: signature.credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          authenticatorData: signature.authenticatorData,
          clientDataJSON: signature.clientDataJSON,
          signature: signature.signature,
          ...(signature.userHandle ? { userHandle: signature.userHandle } : {}),
        },
      },
      challenge,
      // Counter 0: the passkey has been used since; only the signature is checked here.
      { ...passkey, counter: 0 },
    );
    return difference;
  } catch {
    return difference ?? 'signature does not verify';
  }
}

async function batchChallengeNow(
  deps: Deps,
  signature: Awaited<ReturnType<typeof listSignatures>>[number],
  batchId: string,
  binding: ReturnType<typeof bindingOf>,
) {
  const batch = await getBatchSignature(deps.db, { ...signature, batchId });
  if (!batch) return undefined;
  const items = batch.batchBinding.items.map((item) =>
    item.transactionId === binding.transactionId ? { ...binding, customerId: item.customerId } : item,
  );
  return batchApprovalChallenge({ batchId, items }, signature.nonce);
}
