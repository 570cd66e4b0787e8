import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { Deps } from '#shared/deps.ts';
import { refusal } from '#shared/errors.ts';
import { UUID_PATTERN } from '#shared/ids.ts';
import type { Chain } from '#shared/money/chains.ts';
import { getWalletOfCustomer } from '#shared/wallets/destination-wallet-repository.ts';
import type { WalletRecord } from '#shared/wallets/records.ts';

export const NODE_UNANSWERED = refusal(503, (chain: Chain) => `The ${chain} node did not answer, please retry`, 'base');

export const WALLET_NOT_FOUND = refusal(404, 'Wallet not found');

export const ADDRESS_IN_USE = refusal(409, 'Address already in use by another wallet');

export const BANK_WALLET_IMMUTABLE = refusal(409, 'Bank deposit wallets cannot be modified');

/** A write that lost every decision (`MAX_DECISIONS`) to concurrent changes of the wallet. */
export const WALLET_CHANGING = refusal(409, 'Wallet is changing concurrently, please retry');

export type Where = { organizationId: string; customerId: string };

export type WalletWhere = Where & { walletId: string };

/** A write that lost to a concurrent change of the same wallet is decided again against what it left. */
export const MAX_DECISIONS = 3;

/** The wallet, or the contract's 404s: a missing customer first, then a missing wallet. */
export async function requireWallet(deps: Deps, where: WalletWhere): Promise<WalletRecord> {
  // Ids are UUIDs; any other string names no wallet (and is never built into a key).
  const wallet = UUID_PATTERN.test(where.walletId)
    ? await getWalletOfCustomer(deps.db, where.organizationId, where.customerId, where.walletId)
    : undefined;
  if (wallet) return wallet;
  // A wallet lives in its customer's partition, so only when it is missing is the customer worth a read.
  await requireCustomer(deps, where.organizationId, where.customerId);
  throw WALLET_NOT_FOUND.error();
}

/** A wallet this area may change: a destination wallet. */
export async function requireDestinationWallet(deps: Deps, where: WalletWhere): Promise<WalletRecord> {
  const wallet = await requireWallet(deps, where);
  if (wallet.kind === 'BANK_DEPOSIT') throw BANK_WALLET_IMMUTABLE.error();
  return wallet;
}
