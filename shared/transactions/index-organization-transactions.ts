import { listCustomersOfOrganization } from '#shared/customers/repository.ts';
import type { Db } from '#shared/db/client.ts';
import { MAX_LIMIT } from '#shared/routing/schemas.ts';
import { addOrganizationEntry, listTransactionsOfCustomer } from '#shared/transactions/transaction-repository.ts';

/**
 * Operator: puts every transaction of the organization into the organization-wide list (gsi3), which the
 * console's transactions view reads. Transactions stored before that index existed carry no entry until their
 * next change, and a settled one never changes again. Walks the organization's customers and their transactions
 * through their lists (no scan); safe to run again and beside live traffic.
 */
export async function indexOrganizationTransactions(db: Db, organizationId: string) {
  let customers = 0;
  let transactions = 0;
  let indexed = 0;
  let customerCursor: string | undefined;
  do {
    const page = await listCustomersOfOrganization(db, organizationId, { limit: MAX_LIMIT, cursor: customerCursor });
    for (const customer of page.items) {
      customers += 1;
      let cursor: string | undefined;
      do {
        const list = await listTransactionsOfCustomer(db, organizationId, customer.customerId, {
          limit: MAX_LIMIT,
          ...(cursor ? { cursor } : {}),
        });
        for (const record of list.items) {
          transactions += 1;
          if (await addOrganizationEntry(db, record)) indexed += 1;
        }
        cursor = list.nextCursor;
      } while (cursor);
    }
    customerCursor = page.nextCursor;
  } while (customerCursor);
  return { organizationId, customers, transactions, indexed };
}
