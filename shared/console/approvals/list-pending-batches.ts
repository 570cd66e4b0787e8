import { listPendingWithdrawals, PENDING_LIST_LIMIT } from '#shared/console/approvals/list-pending-withdrawals.ts';
import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { formatMicro, toMicro } from '#shared/money/micro.ts';
import { MAX_BATCH_WITHDRAWALS } from '#shared/withdrawals/schemas.ts';

type Card = Awaited<ReturnType<typeof listPendingWithdrawals>>[number];

/** Enough for the page's single cards and a whole batch beyond them. */
const BATCH_LIST_READ_LIMIT = PENDING_LIST_LIMIT + MAX_BATCH_WITHDRAWALS;

const sum = (amounts: string[]) => formatMicro(amounts.reduce((total, amount) => total + toMicro(amount), 0n));

/**
 * The organization's withdrawal batches with payouts awaiting signatures, oldest first: per batch what a member
 * decides on before one signature (how many payouts, the totals per currency, the customers, why it waits as
 * things stand now, the balances it leaves uncovered, who signed), and the cards of its payouts.
 */
export async function listPendingBatches(deps: Deps, actor: ConsoleActor) {
  const cards = await listPendingWithdrawals(deps, actor, BATCH_LIST_READ_LIMIT);
  const batches = new Map<string, Card[]>();
  for (const card of cards) {
    if (card.batchId) batches.set(card.batchId, [...(batches.get(card.batchId) ?? []), card]);
  }
  return [...batches].map(([batchId, items]) => batchCard(batchId, items, actor.organization.requiredApprovals));
}

function batchCard(batchId: string, items: Card[], requiredApprovals: number) {
  const first = items[0] as Card;
  const currencies = [...new Set(items.map((item) => item.currency))].sort();
  const sourceTotal = sum(items.map((item) => item.sourceAmount));
  const uncovered = items.filter((item) => !item.balance.covers).length;
  const waitsBecause: ('allowance' | 'balance')[] = [];
  if (toMicro(sourceTotal) > toMicro(first.allowanceAvailable)) waitsBecause.push('allowance');
  if (uncovered > 0) waitsBecause.push('balance');
  const signed = new Map<string, number>();
  for (const approval of items.flatMap((item) => item.approvals)) {
    signed.set(approval.approver, (signed.get(approval.approver) ?? 0) + 1);
  }
  return {
    batchId,
    count: items.length,
    createdAt: first.createdAt,
    createdBy: first.createdBy,
    sourceTotal,
    feeTotal: sum(items.map((item) => item.fee)),
    totals: currencies.map((currency) => ({
      currency,
      amount: sum(items.filter((item) => item.currency === currency).map((item) => item.amount)),
    })),
    customers: items.map((item) => ({ customerId: item.customerId, name: item.customerName })),
    waitsBecause,
    allowanceAvailable: first.allowanceAvailable,
    balance: { covered: items.length - uncovered, uncovered },
    requiredApprovals,
    signers: [...signed].map(([approver, count]) => ({ approver, signed: count })),
    items,
  };
}
