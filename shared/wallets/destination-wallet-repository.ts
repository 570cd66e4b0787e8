import type { Db } from '#shared/db/client.ts';
import {
  type GuardedItem,
  RESEND_ATTEMPTS,
  retryOnConflict,
  WriteConditionFailedError,
  writeGuarded,
} from '#shared/db/guarded-write.ts';
import { readItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import type { WalletRecord } from '#shared/wallets/records.ts';
import { addressLookupPut, parseWallet, walletPut } from '#shared/wallets/repository.ts';

/**
 * The wallets area's writes: destination wallets are added, moved to another address and deleted here.
 * Bank deposit wallets are written only by the bank area; every write below is guarded to leave them alone.
 */

/** Another wallet of the organization already has the address. */
export class AddressInUseError extends Error {}

/** The wallet is not (any more) the one that was read: deleted, moved or of the other kind. */
export class WalletChangedError extends Error {}

export function getWalletOfCustomer(
  db: Db,
  organizationId: string,
  customerId: string,
  walletId: string,
): Promise<WalletRecord | undefined> {
  return readItem(db, keys.wallet(organizationId, customerId, walletId), parseWallet);
}

type WalletRole = 'wallet' | 'oldAddress' | 'newAddress';

/** Sends a destination wallet's transaction, again while it only loses to a concurrent one (its guards decide). */
const writeWalletItems = (db: Db, items: GuardedItem<WalletRole>[]) =>
  retryOnConflict(() => writeGuarded(db, items), RESEND_ATTEMPTS);

/**
 * A destination wallet never takes an address the platform derived (any organization's deposit wallet): such an
 * address already has its one owner, and a customer's destination wallet is credited nothing by a watcher anyway.
 */
const notADepositAddress = (db: Db, address: string) => ({
  ConditionCheck: {
    TableName: db.tableName,
    Key: keys.depositAddress(address),
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** The wallet with its address lookup, all or nothing; the lookup's guard makes the address unique. */
export async function insertDestinationWallet(db: Db, wallet: WalletRecord): Promise<void> {
  try {
    await writeWalletItems(db, [
      { role: 'wallet', item: walletPut(db, wallet) },
      { role: 'newAddress', item: addressLookupPut(db, wallet) },
      { role: 'newAddress', item: notADepositAddress(db, wallet.address) },
    ]);
  } catch (error) {
    if (error instanceof WriteConditionFailedError && error.role === 'newAddress') throw new AddressInUseError();
    throw error;
  }
}

/** Guards a destination wallet's update or delete: still there, still a destination, still at the address read. */
const sameDestinationWallet = (wallet: WalletRecord) => ({
  // A wallet moved or deleted since it was read must be decided again, and bank deposit wallets never change here.
  ConditionExpression: '#address = :seenAddress AND #kind = :destination',
  ExpressionAttributeNames: { '#address': 'address', '#kind': 'kind' },
  ExpressionAttributeValues: { ':seenAddress': wallet.address, ':destination': 'DESTINATION' },
});

/** Releases a wallet's address: its lookup item goes, but only while it still points at this wallet. */
const lookupDelete = (db: Db, wallet: WalletRecord) => ({
  Delete: {
    TableName: db.tableName,
    Key: keys.walletAddress(wallet.organizationId, wallet.address),
    // Never release an address another wallet holds.
    ConditionExpression: 'walletId = :walletId',
    ExpressionAttributeValues: { ':walletId': wallet.walletId },
  },
});

/**
 * Moves a destination wallet to a new address in one transaction: the wallet is updated, the old address
 * released and the new one claimed with `attribute_not_exists`, so of two wallets racing for one address
 * exactly one gets it. The caller handles an unchanged address (one transaction cannot touch the lookup twice).
 */
export async function changeWalletAddress(
  db: Db,
  input: { wallet: WalletRecord; address: string; now: Date },
): Promise<WalletRecord> {
  const { wallet, address } = input;
  const moved: WalletRecord = { ...wallet, address, updatedAt: input.now.toISOString() };
  const guard = sameDestinationWallet(wallet);
  try {
    await writeWalletItems(db, [
      {
        role: 'wallet',
        item: {
          Update: {
            TableName: db.tableName,
            Key: keys.wallet(wallet.organizationId, wallet.customerId, wallet.walletId),
            UpdateExpression: 'SET #address = :address, updatedAt = :now',
            ConditionExpression: guard.ConditionExpression,
            ExpressionAttributeNames: guard.ExpressionAttributeNames,
            ExpressionAttributeValues: {
              ...guard.ExpressionAttributeValues,
              ':address': address,
              ':now': moved.updatedAt,
            },
          },
        },
      },
      { role: 'oldAddress', item: lookupDelete(db, wallet) },
      { role: 'newAddress', item: addressLookupPut(db, moved) },
      { role: 'newAddress', item: notADepositAddress(db, address) },
    ]);
  } catch (error) {
    if (error instanceof WriteConditionFailedError) {
      throw error.role === 'newAddress' ? new AddressInUseError() : new WalletChangedError();
    }
    throw error;
  }
  return moved;
}

/** Deletes a destination wallet and releases its address, together. */
export async function deleteDestinationWallet(db: Db, wallet: WalletRecord): Promise<void> {
  try {
    await writeWalletItems(db, [
      {
        role: 'wallet',
        item: {
          Delete: {
            TableName: db.tableName,
            Key: keys.wallet(wallet.organizationId, wallet.customerId, wallet.walletId),
            ...sameDestinationWallet(wallet),
          },
        },
      },
      { role: 'oldAddress', item: lookupDelete(db, wallet) },
    ]);
  } catch (error) {
    if (error instanceof WriteConditionFailedError) throw new WalletChangedError();
    throw error;
  }
}
