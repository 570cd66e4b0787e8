import { BANK_TRANSITIONS, bankEvent, requireBank } from '#shared/banks/bank-rules.ts';
import { type Bank, toBank } from '#shared/banks/bank-view.ts';
import { awaitingConfirmationDelete, getAwaitingConfirmation } from '#shared/banks/payee-confirmations.ts';
import { awaitsPayeeConfirmation, PAYEE_CONFIRMATION_NOT_FOUND } from '#shared/banks/payee-rules.ts';
import type { BankRecord, BankStatus, PayeeVerificationRecord } from '#shared/banks/records.ts';
import { BankStateChangedError, decideBank } from '#shared/banks/repository.ts';
import type { Clock } from '#shared/clock.ts';
import type { Db } from '#shared/db/client.ts';
import { type GuardedItem, WriteConditionFailedError } from '#shared/db/guarded-write.ts';
import type { Transition } from '#shared/events/status-change.ts';

export type PayeeDecision = 'CONFIRM' | 'REJECT';

/** A bank of the organization that awaits a member's payee confirmation, with its wallets. */
export async function requireAwaitingBank(db: Db, organizationId: string, bankId: string) {
  const awaiting = await getAwaitingConfirmation(db, organizationId, bankId);
  if (!awaiting) throw PAYEE_CONFIRMATION_NOT_FOUND.error();
  const found = await requireBank(db, { organizationId, customerId: awaiting.customerId, bankId });
  if (!awaitsPayeeConfirmation(found.bank) || found.bank.status !== 'PENDING') {
    throw PAYEE_CONFIRMATION_NOT_FOUND.error();
  }
  return { awaiting, ...found };
}

/**
 * A member's decision on a bank Verification of Payee held: confirmed, it takes the status it would have had
 * (ACTIVE, or PENDING for the operator's review of a third party's or a SWIFT bank); rejected, it is REJECTED
 * like an operator's rejection. One transaction with the decision's own items (`alongside`: the audit entry, the
 * consumed challenge, the passkey's counter); the holding item's conditional delete lets one decision through.
 */
export async function decidePayeeConfirmation(
  deps: { db: Db; clock: Clock },
  input: {
    organizationId: string;
    bankId: string;
    decision: PayeeDecision;
    by: string;
    reason: string | null;
    alongside: readonly GuardedItem<string>[];
    /** Answers a failed guard of one of `alongside`'s items (a used challenge, say). */
    refuse: (role: string) => Error | undefined;
  },
): Promise<Bank> {
  const { awaiting, bank, wallets } = await requireAwaitingBank(deps.db, input.organizationId, input.bankId);
  const now = deps.clock.now();
  const confirmed = input.decision === 'CONFIRM';
  const transition: Transition<BankStatus, 'withdrawal_bank.approved' | 'withdrawal_bank.rejected'> = !confirmed
    ? BANK_TRANSITIONS.reject
    : awaiting.onConfirm === 'ACTIVE'
      ? BANK_TRANSITIONS.approve
      : { from: ['PENDING'], to: 'PENDING' };
  const verification: PayeeVerificationRecord = {
    ...(bank.payeeVerification as PayeeVerificationRecord),
    confirmation: confirmed ? 'CONFIRMED' : 'REJECTED',
    decidedBy: input.by,
    decidedAt: now.toISOString(),
  };
  const rejectionReason = confirmed ? null : (input.reason ?? 'The payee name was not confirmed');
  const decided: BankRecord = {
    ...bank,
    status: transition.to,
    rejectionReason,
    payeeVerification: verification,
  };
  try {
    const updated = await decideBank(deps.db, {
      bank,
      transition,
      wallets,
      rejectionReason,
      now,
      event: transition.event ? bankEvent(decided, transition.event, now) : undefined,
      payee: {
        verification,
        alongside: [awaitingConfirmationDelete(deps.db, input.organizationId, input.bankId), ...input.alongside],
      },
    });
    const enabled = updated.status === 'ACTIVE';
    const at = now.toISOString();
    return toBank(
      updated,
      wallets.map((wallet) => (enabled ? { ...wallet, enabled, updatedAt: at } : wallet)),
    );
  } catch (error) {
    if (error instanceof BankStateChangedError) throw PAYEE_CONFIRMATION_NOT_FOUND.error();
    if (error instanceof WriteConditionFailedError) {
      if (error.role === 'payeeConfirmation') throw PAYEE_CONFIRMATION_NOT_FOUND.error();
      const refusal = input.refuse(error.role);
      if (refusal) throw refusal;
    }
    throw error;
  }
}
