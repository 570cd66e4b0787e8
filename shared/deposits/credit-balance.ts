import { requireCustomer } from '#shared/customers/require-customer.ts';
import {
  type GuardedItem,
  retryOnConflict,
  WriteConditionFailedError,
  writeGuarded,
} from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { depositLedger } from '#shared/ledger/balance-repository.ts';
import { formatMicro, toMicro } from '#shared/money/micro.ts';
import { createdEvent, newCompletedDeposit, toTransaction } from '#shared/transactions/new-transaction.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { transactionWrites } from '#shared/transactions/transaction-repository.ts';

/**
 * `POST /sandbox/customers/{id}/balance`: USDC arrives for the customer, recorded as a COMPLETED `DEPOSIT`
 * with its `deposit.created` event, in the same transaction as the credit (less the customer's developer fee, which
 * the organization earns in it too).
 */
export async function creditBalance(
  deps: Deps,
  input: { organizationId: string; customerId: string; amount: string },
): Promise<Transaction> {
  const customer = await requireCustomer(deps, input.organizationId, input.customerId);
  const amount = toMicro(input.amount);
  const usdc = formatMicro(amount);
  return retryOnConflict(async () => {
    for (let attempt = 1; ; attempt++) {
      const now = deps.clock.now();
      const at = now.toISOString();
      const record = newCompletedDeposit(
        { organizationId: input.organizationId, customerId: customer.customerId },
        usdc,
        now,
        {
          // The sandbox's stand-in for a bank transfer to the shared receiving account, quoting the reference.
          depositInstructions: { accountType: 'sharedAccount', reference: customer.depositReference },
          developerSpreadFeeBps: customer.developerSpreadFeeBps,
        },
      );
      const items: GuardedItem<string>[] = [
        { role: 'transaction', item: transactionWrites.insert(deps.db, record) },
        { role: 'pointer', item: transactionWrites.pointer(deps.db, record) },
        { role: 'reference', item: transactionWrites.reference(deps.db, record) },
        ...depositLedger(deps.db, record, at),
        { role: 'event', item: transactionWrites.event(deps.db, createdEvent(record, now)) },
      ];
      try {
        await writeGuarded(deps.db, items);
        return toTransaction(record);
      } catch (error) {
        // A taken reference is drawn again; nothing else can fail a guard of fresh items.
        if (!(error instanceof WriteConditionFailedError && error.role === 'reference') || attempt >= 3) throw error;
      }
    }
  });
}
