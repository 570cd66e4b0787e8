import type { TimerKind } from '#shared/db/keys.ts';
import type { Deps } from '#shared/deps.ts';
import { HttpError } from '#shared/errors.ts';
import { log } from '#shared/log.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import { queryDueTransactions } from '#shared/transactions/transaction-repository.ts';
import { expireWithdrawal } from '#shared/transactions/transitions.ts';

/**
 * The scheduled sweeps (an EventBridge schedule in AWS, a LocalWorker timer locally). Each queries the sparse
 * timer index for what is due, never scans, and moves each transaction through the ordinary conditional
 * transition, so a transaction that changed meanwhile (cancelled, approved, settled by hand) is left alone.
 */

export type SweepResult = { due: number; changed: number };

const BATCH = 100;
/** A run stops after this many full batches; the next run carries on. */
const MAX_BATCHES = 10;

async function sweep(
  deps: Deps,
  kind: TimerKind,
  now: Date,
  change: (transaction: TransactionRecord) => Promise<unknown>,
): Promise<SweepResult> {
  const result: SweepResult = { due: 0, changed: 0 };
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const due = await queryDueTransactions(deps.db, kind, now, BATCH);
    result.due += due.length;
    for (const transaction of due) {
      try {
        await change(transaction);
        result.changed++;
      } catch (error) {
        // Lost to another change (409) or gone (404): nothing to do. Anything else waits for the next run.
        if (error instanceof HttpError && (error.statusCode === 409 || error.statusCode === 404)) continue;
        log.error('sweep could not change a transaction', { kind, transactionId: transaction.transactionId, error });
      }
    }
    if (due.length < BATCH) break;
  }
  return result;
}

/** Withdrawals still awaiting signatures when their window closes become EXPIRED. */
export const expireDueWithdrawals = (deps: Deps, now: Date = deps.clock.now()) =>
  sweep(deps, 'EXPIRE', now, (transaction) => expireWithdrawal(deps, transaction, { dueOnly: true }));
