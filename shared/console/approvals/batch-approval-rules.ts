import type { BatchDecision } from '#shared/console/approvals/batch-approval-schemas.ts';
import { bindingOf } from '#shared/console/common/console-rules.ts';
import type { BatchBinding } from '#shared/console/common/records.ts';
import { currentDeadline } from '#shared/db/client.ts';
import type { Deps } from '#shared/deps.ts';
import { HttpError, refusal } from '#shared/errors.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import { listAwaitingSignaturesOfOrganization } from '#shared/transactions/transaction-repository.ts';
import { MAX_BATCH_WITHDRAWALS } from '#shared/withdrawals/schemas.ts';

/** Refusals of the batch approval routes (`batch-approval-routes.ts`). */
export const BATCH_NOT_AWAITING = refusal(
  404,
  'Withdrawal batch not found, or none of its withdrawals awaits signatures',
);
export const BATCH_ALREADY_SIGNED = refusal(
  409,
  'You have already signed every withdrawal of this batch that awaits signatures',
);

/** Batch items in flight at once: each is its own approval or rejection transaction. */
const PARALLEL = 8;

export type BatchDecisionResult = BatchDecision['results'][number];

/** The batch's withdrawals that await signatures now, in a stable order; none is a 404. */
export async function awaitingOfBatch(deps: Deps, organizationId: string, batchId: string) {
  const awaiting = await listAwaitingSignaturesOfOrganization(deps.db, organizationId, MAX_BATCH_WITHDRAWALS, batchId);
  if (awaiting.length === 0) throw BATCH_NOT_AWAITING.error();
  // Created in one request, often in one millisecond: the id keeps the order the same from one read to the next.
  return awaiting.sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.transactionId.localeCompare(b.transactionId),
  );
}

/** What a batch signature binds: the batch and each payout with what is paid to whom, in the order shown. */
export function batchBindingOf(batchId: string, transactions: TransactionRecord[]): BatchBinding {
  return {
    batchId,
    items: transactions.map((transaction) => ({ ...bindingOf(transaction), customerId: transaction.customerId })),
  };
}

/** One item's decision; a refusal (a status that moved on, a short balance) is that item's answer, not the batch's. */
export async function decideItem(
  item: { transactionId: string; customerId: string },
  decide: () => Promise<BatchDecisionResult>,
  statusNow: () => Promise<string>,
): Promise<BatchDecisionResult> {
  try {
    return await decide();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { ...item, outcome: 'SKIPPED', status: await statusNow(), error: error.message };
  }
}

/** Time left before the request's database deadline below which no further payout is started. */
export const ITEM_RESERVE_MS = 1_000;
export const NOT_REACHED = 'Not reached within this request; sign the batch again for the payouts left';
export const NOT_REACHED_REJECT = 'Not reached within this request; reject the batch again for the payouts left';

/**
 * Runs `work` over the items, a few at a time, and answers in the items' order. Once the request's database
 * deadline is within `ITEM_RESERVE_MS`, the items not started are answered by `notReached` rather than cut off
 * halfway: each decision is its own transaction, so what was decided stays decided and the rest keeps waiting.
 */
export async function eachItem<T, R>(
  items: readonly T[],
  work: (item: T) => Promise<R>,
  notReached: (item: T) => R,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  const deadline = currentDeadline();
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      const item = items[at] as T;
      const late = deadline !== undefined && Date.now() > deadline - ITEM_RESERVE_MS;
      results[at] = late ? notReached(item) : await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
  return results;
}
