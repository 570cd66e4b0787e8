import type { TimerKind } from '#shared/db/keys.ts';
import { ConflictError, refusal } from '#shared/errors.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import type { TransactionStatus } from '#shared/transactions/schemas.ts';

/**
 * The withdrawal lifecycle of API.md section 5 as data. Every transition names the statuses it may leave; the
 * repository writes it conditionally on the status and version it read, so of two racing transitions exactly
 * one wins and the other is re-decided against the new state (usually a 409).
 */
export const AWAITING_SIGNATURES: readonly TransactionStatus[] = ['PROPOSED', 'PARTIALLY_SIGNED'];

export const TRANSITIONS = {
  executionFailed: { from: ['PROCESSING'], verb: 'returned to signing' },
  approve: { from: AWAITING_SIGNATURES, verb: 'approved' },
  reject: { from: AWAITING_SIGNATURES, verb: 'rejected' },
  cancel: { from: AWAITING_SIGNATURES, verb: 'cancelled' },
  expire: { from: AWAITING_SIGNATURES, verb: 'expired' },
  complete: { from: ['PROCESSING'], verb: 'completed' },
  fail: { from: ['PROCESSING'], verb: 'failed' },
  // A payout the bank booked and then returned (a closed account, a wrong name): FAILED, as Stripe's `paid` -> `failed`.
  return: { from: ['COMPLETED'], verb: 'returned' },
} as const satisfies Record<string, { from: readonly TransactionStatus[]; verb: string }>;
export type Trigger = keyof typeof TRANSITIONS;

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
