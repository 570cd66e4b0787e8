import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { Page } from '#shared/db/pagination.ts';
import type { Deps } from '#shared/deps.ts';
import { toTransaction } from '#shared/transactions/new-transaction.ts';
import type { Transaction, TransactionStatus, TransactionType } from '#shared/transactions/schemas.ts';
import { listTransactionsOfCustomer } from '#shared/transactions/transaction-repository.ts';

export async function listTransactions(
  deps: Deps,
  input: {
    organizationId: string;
    customerId: string;
    limit: number;
    cursor?: string | undefined;
    type?: TransactionType | undefined;
    status?: TransactionStatus | undefined;
  },
): Promise<Page<Transaction>> {
  const { organizationId, customerId, ...query } = input;
  const [, page] = await Promise.all([
    requireCustomer(deps, organizationId, customerId),
    listTransactionsOfCustomer(deps.db, organizationId, customerId, query),
  ]);
  return { items: page.items.map(toTransaction), nextCursor: page.nextCursor };
}
