import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { getCustomer } from '#shared/customers/repository.ts';
import type { Page } from '#shared/db/pagination.ts';
import type { Deps } from '#shared/deps.ts';
import { listWalletPage } from '#shared/wallets/repository.ts';
import { type ListWalletsFilter, toWallet, type Wallet } from '#shared/wallets/schemas.ts';
import type { Where } from '#shared/wallets/wallet-rules.ts';

/** Newest first; a bank's wallets (created together) in the order their addresses were derived. */
export async function listWallets(deps: Deps, input: Where & ListWalletsFilter): Promise<Page<Wallet>> {
  // Both reads at once; the customer is only needed to tell "no wallets" from 404.
  const [customer, page] = await Promise.all([
    getCustomer(deps.db, input.organizationId, input.customerId),
    listWalletPage(deps.db, input),
  ]);
  if (!customer) throw CUSTOMER_NOT_FOUND.error();
  return { items: page.items.map(toWallet), nextCursor: page.nextCursor };
}
