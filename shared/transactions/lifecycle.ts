import type { TimerKind } from '#shared/db/keys.ts';
import { ConflictError, refusal } from '#shared/errors.ts';
import type { Transition } from '#shared/events/status-change.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import type { TransactionStatus } from '#shared/transactions/schemas.ts';

/**
 * The withdrawal lifecycle of API.md section 5 as data, in the shape of every status table (`Transition`): the
 * statuses a trigger may leave, the one it enters, the event that says so, and the verb of its refusal. The
 * repository writes it conditionally on the status and version it read, so of two racing transitions exactly one
 * wins and the other is re-decided against the new state (usually a 409).
 */
export const AWAITING_SIGNATURES: readonly TransactionStatus[] = ['PROPOSED', 'PARTIALLY_SIGNED'];

const STATUS_CHANGED = 'withdrawal.status_changed';

export const TRANSITIONS = {
  executionFailed: { from: ['PROCESSING'], to: 'PROPOSED', event: STATUS_CHANGED, verb: 'returned to signing' },
  // A signature short of the organization's `requiredApprovals`; the one that reaches them is `approve`.
  sign: { from: AWAITING_SIGNATURES, to: 'PARTIALLY_SIGNED', event: STATUS_CHANGED, verb: 'approved' },
  approve: { from: AWAITING_SIGNATURES, to: 'PROCESSING', event: STATUS_CHANGED, verb: 'approved' },
  reject: { from: AWAITING_SIGNATURES, to: 'CANCELLED', event: STATUS_CHANGED, verb: 'rejected' },
  cancel: { from: AWAITING_SIGNATURES, to: 'CANCELLED', event: STATUS_CHANGED, verb: 'cancelled' },
  expire: { from: AWAITING_SIGNATURES, to: 'EXPIRED', event: STATUS_CHANGED, verb: 'expired' },
  complete: { from: ['PROCESSING'], to: 'COMPLETED', event: STATUS_CHANGED, verb: 'completed' },
  fail: { from: ['PROCESSING'], to: 'FAILED', event: STATUS_CHANGED, verb: 'failed' },
  // A payout the bank booked and then returned (a closed account, a wrong name): FAILED, as Stripe's `paid` -> `failed`.
  return: { from: ['COMPLETED'], to: 'FAILED', event: STATUS_CHANGED, verb: 'returned' },
} as const satisfies Record<string, WithdrawalTransition>;
export type Trigger = keyof typeof TRANSITIONS;
export type WithdrawalTransition = Transition<TransactionStatus> & { event: typeof STATUS_CHANGED; verb: string };

/** A withdrawal waits for someone only while it awaits signatures. */
export const requiresUiAction = (status: TransactionStatus): boolean => AWAITING_SIGNATURES.includes(status);

const transitionRefused = (status: TransactionStatus, trigger: Trigger) => {
  const { from, verb } = TRANSITIONS[trigger];
  return `Withdrawal is ${status}; it can be ${verb} only while ${from.join(' or ')}`;
};
/** A trigger the transaction's status does not allow. */
export const TRANSITION_REFUSED = refusal(409, transitionRefused, 'COMPLETED', 'approve');

/** The refusal of `TRANSITION_REFUSED` as a class of its own: a bank report tells a lost race by it. */
export class IllegalTransitionError extends ConflictError {
  constructor(status: TransactionStatus, trigger: Trigger) {
    super(transitionRefused(status, trigger));
  }
}

export const NOT_A_WITHDRAWAL = refusal(409, 'Transaction is not a withdrawal');
/** One signature per approver and withdrawal. */
export const ALREADY_SIGNED = refusal(409, 'Approver has already signed this withdrawal');
/** The signature that reaches the required approvals reserves the source amount; a short balance refuses it. */
export const INSUFFICIENT_BALANCE = refusal(409, 'Insufficient USDC balance');
/** A transition lost every race with other changes of the transaction (`transitions.ts`). */
export const TRANSACTION_CHANGED_CONCURRENTLY = refusal(409, 'Transaction is changing concurrently, please retry');

/** Refuses (409) a trigger the transaction's type or status does not allow. */
export function assertTransition(transaction: TransactionRecord, trigger: Trigger): void {
  if (transaction.type !== 'WITHDRAWAL') throw NOT_A_WITHDRAWAL.error();
  const allowed: readonly TransactionStatus[] = TRANSITIONS[trigger].from;
  if (!allowed.includes(transaction.status)) throw new IllegalTransitionError(transaction.status, trigger);
}

/**
 * The deadline a transaction waits for, if any: expiry while it awaits signatures; while it is PROCESSING and
 * not yet in a payment file, the batcher (due from the moment it started). The repository indexes it (sparse
 * gsi2) so sweeps and the batcher find due transactions without a scan.
 */
export function pendingTimer(transaction: TransactionRecord): { kind: TimerKind; dueAt: string } | undefined {
  if (requiresUiAction(transaction.status) && transaction.expiryDueAt) {
    return { kind: 'EXPIRE', dueAt: transaction.expiryDueAt };
  }
  if (transaction.type === 'WITHDRAWAL' && transaction.status === 'PROCESSING' && !transaction.paymentFileId) {
    return { kind: 'BATCH', dueAt: transaction.updatedAt };
  }
  return undefined;
}
