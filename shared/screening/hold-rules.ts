import type { Db } from '#shared/db/client.ts';
import { type GuardedItem, WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { ConflictError, refusal } from '#shared/errors.ts';
import { eventPut, eventRecord } from '#shared/events/outbox.ts';
import { getHold, holdPut } from '#shared/screening/hold-repository.ts';
import { type HeldSubject, holdIdOf, type ScreeningHit, type ScreeningHold } from '#shared/screening/records.ts';
import { holdReason, screenAddress, screenName } from '#shared/screening/screen.ts';

/** A new open hold of `subject` for `hit`. */
export function newHold(input: {
  organizationId: string;
  subject: HeldSubject;
  screened: string;
  hit: ScreeningHit;
  now: Date;
}): ScreeningHold {
  return {
    holdId: holdIdOf(input.subject),
    organizationId: input.organizationId,
    subject: input.subject,
    screened: input.screened,
    hit: input.hit,
    status: 'OPEN',
    createdAt: input.now.toISOString(),
    decidedAt: null,
    decidedBy: null,
    reason: null,
    version: 1,
  };
}

/** The fields of a bank screening reads and, on a hit, sets (status and reason): structural, so banks import this. */
type ScreenedBank = {
  organizationId: string;
  customerId: string;
  bankId: string;
  beneficiaryName: string;
  status: string;
  rejectionReason: string | null;
};

/**
 * A new bank's beneficiary name, screened: on a hit the bank is PENDING with the reason (what Compose's clients read
 * on a bank not yet usable) and the hold is returned, for the bank's own transaction. Cleared, the bank takes the
 * status it would have had.
 */
export async function holdBankOnSanctionsHit(
  deps: Pick<Deps, 'config' | 'db'>,
  bank: ScreenedBank,
  now: Date,
): Promise<GuardedItem<'screeningHold'> | undefined> {
  const hit = await screenName(deps, bank.beneficiaryName);
  if (!hit) return undefined;
  const onClear: 'ACTIVE' | 'PENDING' = bank.status === 'ACTIVE' ? 'ACTIVE' : 'PENDING';
  bank.status = 'PENDING';
  bank.rejectionReason = holdReason('beneficiary name', hit);
  const subject = { kind: 'bank' as const, customerId: bank.customerId, bankId: bank.bankId, onClear };
  return holdPut(
    deps.db,
    newHold({ organizationId: bank.organizationId, subject, screened: bank.beneficiaryName, hit, now }),
  );
}

/** A transfer held: it is answered (sandbox) and skipped (watcher) with this, never credited. */
export class DepositFrozenError extends ConflictError {}

export const DEPOSIT_FROZEN = refusal(
  409,
  'Deposit frozen: the sending address is on a sanctions list; the transfer is held for review, neither credited nor forwarded',
);

export type ScreenedTransfer = {
  chain: string;
  address: string;
  amount: string;
  txHash: string;
  logIndex: number;
  from?: string | undefined;
};

/**
 * USDC arriving from `transfer.from`, screened before it is credited: a transfer held before stays held until a
 * reviewer clears it; a sender on a list holds it now, with its `deposit.frozen` event, in one transaction. Throws
 * `DepositFrozenError` for a held transfer; returns for one that may be credited.
 */
export async function holdDepositOnSanctionsHit(
  deps: Pick<Deps, 'config' | 'db' | 'clock'>,
  input: { organizationId: string; customerId: string; transfer: ScreenedTransfer },
): Promise<void> {
  const { organizationId, customerId, transfer } = input;
  const from = transfer.from?.toLowerCase() ?? '';
  const subject: HeldSubject = {
    kind: 'deposit',
    customerId,
    transfer: { ...transfer, txHash: transfer.txHash.toLowerCase(), from },
  };
  const existing = await getHold(deps.db, organizationId, holdIdOf(subject));
  if (existing?.status === 'CLEARED') return;
  if (existing) throw new DepositFrozenError(DEPOSIT_FROZEN.message);
  if (!from) return;
  const hit = await screenAddress(deps, from);
  if (!hit) return;
  const now = deps.clock.now();
  const hold = newHold({ organizationId, subject, screened: from, hit, now });
  try {
    await writeGuarded(deps.db, [holdPut(deps.db, hold), frozenEvent(deps.db, hold, now)]);
  } catch (error) {
    // Held by a concurrent report of the same transfer: held all the same.
    if (!(error instanceof WriteConditionFailedError)) throw error;
  }
  throw new DepositFrozenError(DEPOSIT_FROZEN.message);
}

function frozenEvent(db: Db, hold: ScreeningHold, now: Date): GuardedItem<'event'> {
  const { subject } = hold;
  if (subject.kind !== 'deposit') throw new Error('a frozen event is a deposit hold');
  return {
    role: 'event',
    item: eventPut(
      db,
      eventRecord({
        organizationId: hold.organizationId,
        type: 'deposit.frozen',
        data: {
          customer_id: subject.customerId,
          chain: subject.transfer.chain,
          tx_hash: subject.transfer.txHash,
          log_index: subject.transfer.logIndex,
          amount: subject.transfer.amount,
          wallet_address: subject.transfer.address,
          from_address: subject.transfer.from,
          reason: holdReason('sending address', hold.hit),
        },
        now,
      }),
    ),
  };
}
