import { BANK_NOT_PENDING, BANK_TRANSITIONS, bankEvent, requireBank, type Where } from '#shared/banks/bank-rules.ts';
import { type Bank, toBank } from '#shared/banks/bank-view.ts';
import { assertPayeeSettled } from '#shared/banks/payee-rules.ts';
import type { BankRecord, BankStatus } from '#shared/banks/records.ts';
import { BankStateChangedError, decideBank, getBankOfCustomer } from '#shared/banks/repository.ts';
import type { Clock } from '#shared/clock.ts';
import type { Db } from '#shared/db/client.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import { isHeld } from '#shared/screening/hold-repository.ts';
import { HELD_FOR_SCREENING } from '#shared/screening/hold-rules.ts';

export type Decision = { to: 'ACTIVE'; reason?: undefined } | { to: 'REJECTED'; reason?: string | undefined };

/** Items written with the decision (a reviewer's audit entry). */
type Alongside = { alongside?: readonly GuardedItem<string>[] | undefined };

/** An operator's verdict on a PENDING bank (sandbox routes, admin CLI, the reviewers), never on a held one. */
export async function decideBankReview(
  deps: { db: Db; clock: Clock },
  input: Where & { bankId: string } & Decision & Alongside,
): Promise<Bank> {
  const { bank, wallets } = await requireBank(deps.db, input);
  const verb = input.to === 'ACTIVE' ? 'approved' : 'rejected';
  const transition = BANK_TRANSITIONS[input.to === 'ACTIVE' ? 'approve' : 'reject'];
  const notPending = (status: BankStatus) => BANK_NOT_PENDING.error(verb, status);
  if (!(transition.from as readonly BankStatus[]).includes(bank.status)) throw notPending(bank.status);
  assertPayeeSettled(bank);
  if (await isHeld(deps.db, input.organizationId, { kind: 'bank', bankId: bank.bankId })) {
    throw HELD_FOR_SCREENING.error();
  }
  const now = deps.clock.now();
  const decided: BankRecord = {
    ...bank,
    status: input.to,
    rejectionReason: input.to === 'REJECTED' ? (input.reason ?? null) : null,
  };
  try {
    const updated = await decideBank(deps.db, {
      bank,
      transition,
      wallets,
      rejectionReason: decided.rejectionReason,
      now,
      event: bankEvent(decided, transition.event, now),
      alongside: input.alongside,
    });
    const at = now.toISOString();
    const enabled = updated.status === 'ACTIVE';
    return toBank(
      updated,
      wallets.map((wallet) => (enabled ? { ...wallet, enabled, updatedAt: at } : wallet)),
    );
  } catch (error) {
    if (!(error instanceof BankStateChangedError)) throw error;
    const current = await getBankOfCustomer(deps.db, input.organizationId, input.customerId, input.bankId);
    throw notPending(current?.status ?? bank.status);
  }
}
