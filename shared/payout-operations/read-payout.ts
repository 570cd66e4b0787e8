import type { Deps } from '#shared/deps.ts';
import { NOT_A_BANK_PAYOUT } from '#shared/payout-operations/rules.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { locate, TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';

/** A bank payout of the organization still PROCESSING, read strongly, with where it lives. */
export async function readProcessingPayout(deps: Deps, organizationId: string, transactionId: string) {
  const locator = await locate(deps, organizationId, transactionId);
  const payout: TransactionRecord | undefined = await getTransactionOfCustomer(
    deps.db,
    locator.organizationId,
    locator.customerId,
    locator.transactionId,
  );
  if (!payout) throw TRANSACTION_NOT_FOUND.error();
  if (payout.type !== 'WITHDRAWAL' || !payout.withdrawalBank || payout.status !== 'PROCESSING') {
    throw NOT_A_BANK_PAYOUT.error();
  }
  return { locator, payout };
}
