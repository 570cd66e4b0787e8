import type { GuardedItem } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { eventPut } from '#shared/events/outbox.ts';
import { developerFeeEarned } from '#shared/ledger/balance-repository.ts';
import { statusChangedEvent } from '#shared/transactions/new-transaction.ts';
import { getTransactionOfCustomer, transactionWrites } from '#shared/transactions/transaction-repository.ts';
import type { TreasurySendRecord } from '#shared/treasury/records.ts';

/**
 * What a mined send completes, in the transaction that records it mined: an on-ramp deposit's `DEPOSIT` becomes
 * COMPLETED with the send's `txHash` (and its `deposit.status_changed`), and the organization earns the deposit's
 * developer fee then, as a credited deposit earns it at its credit. A bank credit's deposit, COMPLETED on the
 * balance before it was sent on (`send-onward-credits.ts`), only gains the `txHash`. A fee withdrawal is the send itself: its
 * record is all there is to complete.
 */
export async function purposeCompletion(
  deps: Deps,
  send: TreasurySendRecord,
  txHash: string,
  now: Date,
): Promise<GuardedItem<string>[]> {
  if (send.purpose !== 'ONRAMP_DEPOSIT' || !send.customerId || !send.transactionId) return [];
  const deposit = await getTransactionOfCustomer(deps.db, send.organizationId, send.customerId, send.transactionId);
  const at = now.toISOString();
  if (deposit?.status === 'COMPLETED' && deposit.txHash === null) {
    // A bank credit's deposit, completed on the balance and sent on from it: it gains where its USDC went.
    const sentOn = { ...deposit, txHash, updatedAt: at, version: deposit.version + 1 };
    return [{ role: 'deposit', item: transactionWrites.replace(deps.db, deposit, sentOn) }];
  }
  if (deposit?.status !== 'PROCESSING') return [];
  const next = {
    ...deposit,
    status: 'COMPLETED' as const,
    txHash,
    completedAt: at,
    updatedAt: at,
    version: deposit.version + 1,
  };
  return [
    { role: 'deposit', item: transactionWrites.replace(deps.db, deposit, next) },
    ...developerFeeEarned(deps.db, next, at),
    { role: 'event', item: eventPut(deps.db, statusChangedEvent(deposit, next, 'deposit.status_changed', now)) },
  ];
}
