import { getFileDelivered } from '#shared/bank-transfer/repository.ts';
import type { Deps } from '#shared/deps.ts';
import { processingPayouts } from '#shared/payout-operations/list-overdue-payouts.ts';
import { getPaymentFile } from '#shared/payouts/payment-file-repository.ts';
import { paymentFileName } from '#shared/payouts/payout-rail.ts';

/**
 * Payment files handed to the bank (recorded delivered by the mover) whose payouts the bank has not all reported
 * on: each with when it was delivered, the settlement date it asked for and how many of its payouts are still
 * PROCESSING, the oldest delivery first. A file still in the outbox is not here: nobody has it to answer.
 */
export async function listUnansweredFiles(deps: Deps, organizationId: string) {
  const open = new Map<string, number>();
  for (const payout of await processingPayouts(deps, organizationId)) {
    if (payout.paymentFileId) open.set(payout.paymentFileId, (open.get(payout.paymentFileId) ?? 0) + 1);
  }
  const files = await Promise.all(
    [...open].map(async ([messageId, processing]) => {
      const file = await getPaymentFile(deps.db, messageId);
      if (!file || file.organizationId !== organizationId) return undefined;
      const delivered = await getFileDelivered(deps.db, organizationId, paymentFileName(file));
      if (!delivered) return undefined;
      return {
        messageId,
        name: delivered.name,
        remoteName: delivered.remoteName,
        rail: file.rail ?? null,
        currency: file.currency,
        deliveredAt: delivered.deliveredAt,
        settlementDate: file.settlementDate ?? null,
        payments: file.payments.length,
        processing,
      };
    }),
  );
  return files
    .filter((file) => file !== undefined)
    .sort((a, b) => (a.deliveredAt < b.deliveredAt ? -1 : a.deliveredAt > b.deliveredAt ? 1 : 0));
}
