import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { getCustomer } from '#shared/customers/repository.ts';
import type { Deps } from '#shared/deps.ts';
import type { WalletRecord } from '#shared/wallets/records.ts';
import { listWalletsOfCustomer } from '#shared/wallets/repository.ts';
import { type ListWalletsFilter, toWallet, type Wallet } from '#shared/wallets/schemas.ts';
import type { Where } from '#shared/wallets/wallet-rules.ts';

/** Newest first; a bank's wallets (created together) keep the order their addresses were derived in. */
const newestFirst = (a: WalletRecord, b: WalletRecord) =>
  b.createdAt.localeCompare(a.createdAt) || (a.derivationIndex ?? 0) - (b.derivationIndex ?? 0);

export async function listWallets(deps: Deps, input: Where & ListWalletsFilter): Promise<{ wallets: Wallet[] }> {
  // Both reads address the customer's partition; the customer is only needed to tell "no wallets" from 404.
  const [customer, wallets] = await Promise.all([
    getCustomer(deps.db, input.organizationId, input.customerId),
    listWalletsOfCustomer(deps.db, input.organizationId, input.customerId),
  ]);
  if (!customer) throw CUSTOMER_NOT_FOUND.error();
  const matching = wallets.filter(
    (wallet) =>
      (!input.currency || wallet.currency === input.currency) && (!input.chain || wallet.chain === input.chain),
  );
  return { wallets: matching.sort(newestFirst).map(toWallet) };
}
