import { requireCustomer } from '#shared/customers/create-customer.ts';
import { getCustomer } from '#shared/customers/repository.ts';
import type { Deps } from '#shared/deps.ts';
import { ConflictError, FieldError, NotFoundError } from '#shared/errors.ts';
import { newId } from '#shared/ids.ts';
import {
  AddressInUseError,
  changeWalletAddress,
  deleteDestinationWallet,
  getWalletOfCustomer,
  insertDestinationWallet,
  WalletChangedError,
} from '#shared/wallets/destination-wallet-repository.ts';
import type { WalletRecord } from '#shared/wallets/records.ts';
import { listWalletsOfCustomer } from '#shared/wallets/repository.ts';
import { type CreateWalletInput, type ListWalletsFilter, toWallet, type Wallet } from '#shared/wallets/schemas.ts';

export const WALLET_NOT_FOUND = 'Wallet not found';
export const ADDRESS_IN_USE = 'Address already in use by another wallet';
export const BANK_WALLET_IMMUTABLE = 'Bank deposit wallets cannot be modified';

type Where = { organizationId: string; customerId: string };
type WalletWhere = Where & { walletId: string };

/** A write that lost to a concurrent change of the same wallet is decided again against what it left. */
const MAX_DECISIONS = 3;

/** Newest first; a bank's wallets (created together) keep the order their addresses were derived in. */
const newestFirst = (a: WalletRecord, b: WalletRecord) =>
  b.createdAt.localeCompare(a.createdAt) || (a.derivationIndex ?? 0) - (b.derivationIndex ?? 0);

export async function listWallets(deps: Deps, input: Where & ListWalletsFilter): Promise<{ wallets: Wallet[] }> {
  // Both reads address the customer's partition; the customer is only needed to tell "no wallets" from 404.
  const [customer, wallets] = await Promise.all([
    getCustomer(deps.db, input.organizationId, input.customerId),
    listWalletsOfCustomer(deps.db, input.organizationId, input.customerId),
  ]);
  if (!customer) throw new NotFoundError('Customer not found');
  const matching = wallets.filter(
    (wallet) =>
      (!input.currency || wallet.currency === input.currency) && (!input.chain || wallet.chain === input.chain),
  );
  return { wallets: matching.sort(newestFirst).map(toWallet) };
}

/** A destination wallet: the customer's own address for on-ramp deposits, on a chain the platform supports. */
export async function createWallet(deps: Deps, input: Where & CreateWalletInput): Promise<Wallet> {
  const { supportedChains } = deps.config;
  if (!supportedChains.includes(input.chain)) {
    throw new FieldError('chain', `Must be one of: ${supportedChains.join(', ')}`);
  }
  await requireCustomer(deps, input.organizationId, input.customerId);
  const at = deps.clock.now().toISOString();
  const wallet: WalletRecord = {
    walletId: newId(),
    organizationId: input.organizationId,
    customerId: input.customerId,
    kind: 'DESTINATION',
    address: input.address,
    currency: input.currency,
    chain: input.chain,
    enabled: true,
    withdrawalBankId: null,
    derivationIndex: null,
    createdAt: at,
    updatedAt: at,
  };
  try {
    await insertDestinationWallet(deps.db, wallet);
  } catch (error) {
    if (error instanceof AddressInUseError) throw new ConflictError(ADDRESS_IN_USE);
    throw error;
  }
  return toWallet(wallet);
}

/** The wallet, or the contract's 404s: a missing customer first, then a missing wallet. */
async function requireWallet(deps: Deps, where: WalletWhere): Promise<WalletRecord> {
  const wallet = await getWalletOfCustomer(deps.db, where.organizationId, where.customerId, where.walletId);
  if (wallet) return wallet;
  // A wallet lives in its customer's partition, so only when it is missing is the customer worth a read.
  await requireCustomer(deps, where.organizationId, where.customerId);
  throw new NotFoundError(WALLET_NOT_FOUND);
}

/** A wallet this area may change: a destination wallet. */
async function requireDestinationWallet(deps: Deps, where: WalletWhere): Promise<WalletRecord> {
  const wallet = await requireWallet(deps, where);
  if (wallet.kind === 'BANK_DEPOSIT') throw new ConflictError(BANK_WALLET_IMMUTABLE);
  return wallet;
}

export async function getWallet(deps: Deps, input: WalletWhere): Promise<Wallet> {
  return toWallet(await requireWallet(deps, input));
}

export async function updateWallet(deps: Deps, input: WalletWhere & { address: string }): Promise<Wallet> {
  for (let decision = 1; decision <= MAX_DECISIONS; decision++) {
    const wallet = await requireDestinationWallet(deps, input);
    // The same address in another case is the same address: nothing to move (EIP-55 is only a rendering).
    if (wallet.address.toLowerCase() === input.address.toLowerCase()) return toWallet(wallet);
    try {
      return toWallet(await changeWalletAddress(deps.db, { wallet, address: input.address, now: deps.clock.now() }));
    } catch (error) {
      if (error instanceof AddressInUseError) throw new ConflictError(ADDRESS_IN_USE);
      if (!(error instanceof WalletChangedError)) throw error;
    }
  }
  throw new ConflictError('Wallet is changing concurrently, please retry');
}

export async function deleteWallet(deps: Deps, input: WalletWhere): Promise<{ success: true }> {
  for (let decision = 1; decision <= MAX_DECISIONS; decision++) {
    const wallet = await requireDestinationWallet(deps, input);
    try {
      await deleteDestinationWallet(deps.db, wallet);
      return { success: true };
    } catch (error) {
      if (!(error instanceof WalletChangedError)) throw error;
    }
  }
  throw new ConflictError('Wallet is changing concurrently, please retry');
}
