import { type GuardedItem, retryOnConflict, WriteConditionFailedError } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { ConflictError } from '#shared/errors.ts';
import { writeStatusChange } from '#shared/events/status-change.ts';
import { allowanceWrites, getAllowanceUsage } from '#shared/ledger/allowance-repository.ts';
import { balanceWrites, developerFeeEarned, developerFeeReversed } from '#shared/ledger/balance-repository.ts';
import { toMicro } from '#shared/money/micro.ts';
import type { Organization } from '#shared/organizations/records.ts';
import {
  ALREADY_SIGNED,
  assertTransition,
  INSUFFICIENT_BALANCE,
  TRANSACTION_CHANGED_CONCURRENTLY,
  TRANSITIONS,
  type WithdrawalTransition,
} from '#shared/transactions/lifecycle.ts';
import { addSeconds, statusChangedEvent } from '#shared/transactions/new-transaction.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import { getTransactionOfCustomer, transactionWrites } from '#shared/transactions/transaction-repository.ts';
import { TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';

/**
 * Every change of an existing transaction goes through `applyTransition`: read the transaction, decide the
 * next state (or refuse with 409), and write the new state, the ledger movements and the status-change event
 * in one TransactWriteItems conditional on the status and version read. A lost race re-reads and decides
 * again, so two racing transitions can never both win, and each status change leaves exactly one event.
 */

export type TransactionLocator = { organizationId: string; customerId: string; transactionId: string };

type LedgerRole = 'balance' | 'allowance' | 'developerFees';

type Step = {
  /** The status it enters and the event that says so: the lifecycle's table. */
  transition: WithdrawalTransition;
  /** The fields the transition sets beside the status. */
  changes?: Partial<TransactionRecord>;
  ledger?: GuardedItem<LedgerRole>[];
  /** What a failed ledger guard means here; without an answer the transition is decided again. */
  refuse?: (role: LedgerRole) => Error | undefined;
};

const MAX_DECISIONS = 5;

/**
 * Items a caller writes with the transition, in its transaction: a console approval's signature, its audit entry.
 * A failed guard of theirs refuses the transition with the caller's error (`refuse`), or decides again.
 */
export type Alongside = { items: GuardedItem<string>[]; refuse?: (role: string) => Error | undefined };

async function applyTransition(
  deps: Deps,
  locator: TransactionLocator,
  decide: (current: TransactionRecord, now: Date) => Step | Promise<Step>,
  alongside: Alongside = { items: [] },
): Promise<TransactionRecord> {
  return retryOnConflict(async () => {
    for (let decision = 1; decision <= MAX_DECISIONS; decision++) {
      const current = await getTransactionOfCustomer(
        deps.db,
        locator.organizationId,
        locator.customerId,
        locator.transactionId,
      );
      if (!current) throw TRANSACTION_NOT_FOUND.error();
      const now = deps.clock.now();
      const step = await decide(current, now);
      const next = advance(current, now, step);
      // A signature that leaves the withdrawal PARTIALLY_SIGNED changes no status and sends no event.
      const statusChanged = next.status !== current.status;
      try {
        await writeStatusChange(deps.db, {
          subject: transactionWrites.replace(deps.db, current, next),
          alongside: [...(step.ledger ?? []), ...alongside.items],
          event: statusChanged ? statusChangedEvent(current, next, step.transition.event, now) : undefined,
          // A lost race on the transaction itself is decided again.
          refused: (role) =>
            role === 'subject'
              ? undefined
              : role === 'balance' || role === 'allowance'
                ? step.refuse?.(role)
                : alongside.refuse?.(role),
        });
        return next;
      } catch (error) {
        if (!(error instanceof WriteConditionFailedError)) throw error;
      }
    }
    throw TRANSACTION_CHANGED_CONCURRENTLY.error();
  });
}

/** The transaction after the step: the status its transition enters, the step's own fields, and what every one sets. */
const advance = (current: TransactionRecord, now: Date, step: Step): TransactionRecord => ({
  ...current,
  ...step.changes,
  status: step.transition.to,
  updatedAt: now.toISOString(),
  version: current.version + 1,
});

const owner = (t: TransactionRecord) => ({ organizationId: t.organizationId, customerId: t.customerId });

/** Ledger items that give back whatever the transaction holds: its balance lock, its allowance count. */
async function releaseReservations(
  deps: Deps,
  current: TransactionRecord,
  now: Date,
): Promise<GuardedItem<LedgerRole>[]> {
  const amount = toMicro(current.sourceAmount);
  const at = now.toISOString();
  const items: GuardedItem<LedgerRole>[] = [];
  if (current.reservation.balance) {
    items.push({ role: 'balance', item: balanceWrites.release(deps.db, owner(current), amount, at) });
  }
  const period = current.reservation.allowancePeriodStart;
  // An elapsed period is gone with everything counted in it; only the current one gets the amount back.
  if (period && (await getAllowanceUsage(deps.db, current.organizationId))?.periodStart === period) {
    items.push({
      role: 'allowance',
      item: allowanceWrites.release(deps.db, current.organizationId, period, amount, at),
    });
  }
  return items;
}

const NOTHING_HELD = { balance: false, allowancePeriodStart: null };

/**
 * A sandbox fault failed the payout at start: back to PROPOSED with everything reserved released. Signatures
 * given so far are cleared: the approvers signed off a payout that did not happen, so a new round decides.
 */
export function returnToSigning(deps: Deps, locator: TransactionLocator) {
  return applyTransition(deps, locator, async (current, now) => {
    assertTransition(current, 'executionFailed');
    return {
      transition: TRANSITIONS.executionFailed,
      changes: {
        approvals: [],
        reservation: NOTHING_HELD,
        settleDueAt: null,
        expiryDueAt: current.expiryDueAt ?? addSeconds(now, deps.config.withdrawals.expiryWindowSeconds),
      },
      ledger: await releaseReservations(deps, current, now),
    };
  });
}

/**
 * One approver's signature. Below the organization's `requiredApprovals` the withdrawal is PARTIALLY_SIGNED;
 * the signature that reaches it moves it to PROCESSING and locks the source amount in the balance (409
 * `Insufficient USDC balance`, with nothing recorded, when it is short). An approved withdrawal is a human
 * decision beyond the API allowance, so it is not counted against the allowance. `settleDueAt` belongs to the
 * payout rail that takes the withdrawal over, which its caller hands it to.
 */
export function recordApproval(
  deps: Deps,
  organization: Organization,
  locator: TransactionLocator,
  input: {
    approver: string;
    settleDueAt: (now: Date) => string | null;
    /** When the payout, started now, is expected to land (the payout rail's estimate). */
    expectedSettlementAt: (withdrawal: TransactionRecord, now: Date) => string;
  },
  alongside?: Alongside,
): Promise<TransactionRecord> {
  const signer = input.approver.toLowerCase();
  return applyTransition(
    deps,
    locator,
    (current, now) => {
      assertTransition(current, 'approve');
      if (current.approvals.some((approval) => approval.approver === signer)) throw ALREADY_SIGNED.error();
      const approvals = [...current.approvals, { approver: signer, approvedAt: now.toISOString() }];
      if (approvals.length < organization.requiredApprovals) {
        return { transition: TRANSITIONS.sign, changes: { approvals } };
      }
      const amount = toMicro(current.sourceAmount);
      return {
        transition: TRANSITIONS.approve,
        changes: {
          approvals,
          reservation: { balance: true, allowancePeriodStart: null },
          settleDueAt: input.settleDueAt(now),
          expectedSettlementAt: input.expectedSettlementAt(current, now),
        },
        ledger: [{ role: 'balance', item: balanceWrites.reserve(deps.db, owner(current), amount, now.toISOString()) }],
        refuse: (role) => (role === 'balance' ? INSUFFICIENT_BALANCE.error() : undefined),
      };
    },
    alongside,
  );
}

/** Rejected by an approver or cancelled through the API: only while it awaits signatures, when nothing is held. */
export function cancelWithdrawal(
  deps: Deps,
  locator: TransactionLocator,
  input: { trigger: 'reject' | 'cancel'; by: string },
  alongside?: Alongside,
) {
  return applyTransition(
    deps,
    locator,
    (current) => {
      assertTransition(current, input.trigger);
      return { transition: TRANSITIONS[input.trigger], changes: { cancelledBy: input.by } };
    },
    alongside,
  );
}

/** Not executed within its window. `dueOnly`: the sweep, which leaves a transaction whose window is still open. */
export function expireWithdrawal(deps: Deps, locator: TransactionLocator, options: { dueOnly: boolean }) {
  return applyTransition(deps, locator, (current, now) => {
    assertTransition(current, 'expire');
    if (options.dueOnly && (!current.expiryDueAt || current.expiryDueAt > now.toISOString())) {
      throw new ConflictError('Withdrawal is not due to expire');
    }
    return { transition: TRANSITIONS.expire };
  });
}

/**
 * The payout settled (`completedAt`: the bank's booking time, default now): the locked amount leaves the balance,
 * and the organization earns the withdrawal's developer fee.
 */
export function completeWithdrawal(
  deps: Deps,
  locator: TransactionLocator,
  completedAt?: string,
  alongside?: Alongside,
) {
  return applyTransition(
    deps,
    locator,
    (current, now) => {
      assertTransition(current, 'complete');
      const at = now.toISOString();
      return {
        transition: TRANSITIONS.complete,
        changes: {
          completedAt: completedAt ?? at,
          allowancePeriodCounted: current.reservation.allowancePeriodStart,
          reservation: NOTHING_HELD,
          settleDueAt: null,
        },
        ledger: current.reservation.balance
          ? [
              {
                role: 'balance',
                item: balanceWrites.consume(deps.db, owner(current), toMicro(current.sourceAmount), at),
              },
              ...developerFeeEarned(deps.db, current, at),
            ]
          : developerFeeEarned(deps.db, current, at),
      };
    },
    alongside,
  );
}

export const DEFAULT_FAILURE_REASON = 'Payout failed';

/** The payout failed: the locked amount returns to the available balance, and the allowance gets it back. */
export function failWithdrawal(
  deps: Deps,
  locator: TransactionLocator,
  reason: string | undefined,
  alongside?: Alongside,
) {
  return applyTransition(
    deps,
    locator,
    async (current, now) => {
      assertTransition(current, 'fail');
      return {
        transition: TRANSITIONS.fail,
        changes: {
          failureReason: reason ?? DEFAULT_FAILURE_REASON,
          reservation: NOTHING_HELD,
          settleDueAt: null,
        },
        ledger: await releaseReservations(deps, current, now),
      };
    },
    alongside,
  );
}

/**
 * The bank returned a payout it had booked (COMPLETED -> FAILED): the source amount comes back to the customer's
 * available balance and to the allowance period that counted it, if that period is still the current one (the
 * period rule of a failure), and the organization gives back the developer fee the completion earned. Once: a second return finds it FAILED and is refused like any illegal transition.
 */
export function returnWithdrawal(deps: Deps, locator: TransactionLocator, reason: string) {
  return applyTransition(deps, locator, async (current, now) => {
    assertTransition(current, 'return');
    const amount = toMicro(current.sourceAmount);
    const at = now.toISOString();
    const period = current.allowancePeriodCounted;
    const ledger: GuardedItem<LedgerRole>[] = [
      { role: 'balance', item: balanceWrites.credit(deps.db, owner(current), amount, at) },
      ...developerFeeReversed(deps.db, current, at),
    ];
    if (period && (await getAllowanceUsage(deps.db, current.organizationId))?.periodStart === period) {
      ledger.push({
        role: 'allowance',
        item: allowanceWrites.release(deps.db, current.organizationId, period, amount, at),
      });
    }
    return {
      transition: TRANSITIONS.return,
      changes: { failureReason: reason, returnedAt: at, allowancePeriodCounted: null },
      ledger,
    };
  });
}
