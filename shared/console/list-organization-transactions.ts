import type { Page } from '#shared/db/pagination.ts';
import type { Deps } from '#shared/deps.ts';
import { toTransaction } from '#shared/transactions/new-transaction.ts';
import type { Transaction, TransactionStatus, TransactionType } from '#shared/transactions/schemas.ts';
import { listTransactionsOfOrganization } from '#shared/transactions/transaction-repository.ts';

/** Every transaction of the organization, across its customers, newest first; optionally of one type or status. */
export async function listOrganizationTransactions(
  deps: Deps,
  input: {
    organizationId: string;
    limit: number;
    cursor?: string | undefined;
    type?: TransactionType | undefined;
    status?: TransactionStatus | undefined;
  },
): Promise<Page<Transaction>> {
  const { organizationId, ...query } = input;
  const page = await listTransactionsOfOrganization(deps.db, organizationId, query);
  return { items: page.items.map(toTransaction), nextCursor: page.nextCursor };
}
