import { CUSTOMERS_PER_BALANCE_PAGE, type CustomersBalance } from '#shared/console/views/home-view-schemas.ts';
import { listCustomersOfOrganization } from '#shared/customers/repository.ts';
import { readItems } from '#shared/db/items.ts';
import type { Deps } from '#shared/deps.ts';
import { balanceRead } from '#shared/ledger/balance-repository.ts';
import { formatMicro } from '#shared/money/micro.ts';

/** BatchGetItem takes at most 100 keys. */
const BATCH = 100;

/**
 * One page of the customers' total: up to `CUSTOMERS_PER_BALANCE_PAGE` of the organization's customers (its
 * customer list, newest first) and their balance items, summed. Computed when read, never kept: an
 * organization-wide total item would be written by every reservation, settlement and credit of every customer,
 * one hot item all concurrent withdrawals would fight over. A customer never credited has no balance item: 0.
 */
export async function getCustomersBalance(
  deps: Deps,
  input: { organizationId: string; cursor?: string | undefined },
): Promise<CustomersBalance> {
  const { organizationId } = input;
  const asOf = deps.clock.now().toISOString();
  const page = await listCustomersOfOrganization(deps.db, organizationId, {
    limit: CUSTOMERS_PER_BALANCE_PAGE,
    cursor: input.cursor,
  });
  const ids = page.items.map((customer) => customer.customerId);
  const chunks = Array.from({ length: Math.ceil(ids.length / BATCH) }, (_, i) => ids.slice(i * BATCH, (i + 1) * BATCH));
  const read = await Promise.all(
    chunks.map((chunk) =>
      readItems(deps.db, Object.fromEntries(chunk.map((id) => [id, balanceRead(organizationId, id)])), {
        consistent: false,
      }),
    ),
  );
  let available = 0n;
  let locked = 0n;
  for (const balances of read) {
    for (const balance of Object.values(balances)) {
      available += balance?.available ?? 0n;
      locked += balance?.locked ?? 0n;
    }
  }
  return {
    asOf,
    customers: ids.length,
    availableUsdc: formatMicro(available),
    lockedUsdc: formatMicro(locked),
    totalUsdc: formatMicro(available + locked),
    nextCursor: page.nextCursor ?? null,
  };
}
