import type { Deps } from '#shared/deps.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import { listTransactionsOfOrganization } from '#shared/transactions/transaction-repository.ts';

/** How many PROCESSING payouts are read at most: more is an incident, not a list (the alarms say so first). */
export const PROCESSING_READ_LIMIT = 1000;

/** The organization's bank payouts still PROCESSING, oldest first (the pages of gsi3 hold no status order). */
export async function processingPayouts(deps: Deps, organizationId: string): Promise<TransactionRecord[]> {
  const page = await listTransactionsOfOrganization(deps.db, organizationId, {
    limit: PROCESSING_READ_LIMIT,
    type: 'WITHDRAWAL',
    status: 'PROCESSING',
    matches: (record) => record.withdrawalBank !== null,
  });
  return page.items;
}

/**
 * Payouts past the moment their rail said they would settle (`expectedSettlementAt`: the file's landing on the
 * rail's calendar), the longest overdue first: the bank has not reported on them when it should have.
 */
export async function listOverduePayouts(deps: Deps, organizationId: string) {
  const now = deps.clock.now().getTime();
  return (await processingPayouts(deps, organizationId))
    .flatMap((payout) => {
      const expected = payout.expectedSettlementAt ? Date.parse(payout.expectedSettlementAt) : Number.NaN;
      if (!(expected < now)) return [];
      return [
        {
          transactionId: payout.transactionId,
          customerId: payout.customerId,
          reference: payout.reference,
          amount: payout.targetAmount,
          currency: payout.targetCurrency,
          rail: payout.settlementRail ?? null,
          paymentFileId: payout.paymentFileId ?? null,
          createdAt: payout.createdAt,
          expectedSettlementAt: payout.expectedSettlementAt ?? '',
          overdueSeconds: Math.floor((now - expected) / 1000),
        },
      ];
    })
    .sort((a, b) => b.overdueSeconds - a.overdueSeconds);
}
