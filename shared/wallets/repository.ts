import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '#shared/db/client.ts';
import { readItem, readItems } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { type Page, queryListPage } from '#shared/db/pagination.ts';
import { queryAll } from '#shared/db/query.ts';
import { MAX_NON_HARDENED_INDEX } from '#shared/wallets/derivation.ts';
import {
  type AddressLookup,
  AddressLookupSchema,
  type WalletRecord,
  WalletRecordSchema,
} from '#shared/wallets/records.ts';

const LOOKUP_ATTRIBUTES = Object.keys(AddressLookupSchema.shape);

const pick = (item: Record<string, unknown>, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, item[name]]));

/** A stored wallet checked whole; the schema drops the table's own attributes without a copy of the item first. */
export const parseWallet = (item: Record<string, unknown>): WalletRecord => WalletRecordSchema.parse(item);

export const walletListEntry = (wallet: WalletRecord) =>
  keys.walletListEntry(
    wallet.organizationId,
    wallet.customerId,
    wallet.createdAt,
    wallet.derivationIndex,
    wallet.walletId,
  );

/** The Put of a new wallet, for the transaction that creates it. */
export function walletPut(db: Db, wallet: WalletRecord) {
  return {
    Put: {
      TableName: db.tableName,
      Item: {
        ...keys.wallet(wallet.organizationId, wallet.customerId, wallet.walletId),
        ...walletListEntry(wallet),
        entity: 'WALLET',
        ...wallet,
      },
      // A fresh id never exists; the guard keeps a retried transaction from overwriting a wallet.
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

const toLookup = (wallet: WalletRecord): AddressLookup => ({
  organizationId: wallet.organizationId,
  customerId: wallet.customerId,
  walletId: wallet.walletId,
  kind: wallet.kind,
  bankId: wallet.withdrawalBankId,
  address: wallet.address,
  chain: wallet.chain,
  ...(wallet.forwarder ? { forwarder: wallet.forwarder } : {}),
});

/** The Put of a wallet's address lookup item; it fails the whole transaction if the address is already taken. */
export function addressLookupPut(db: Db, wallet: WalletRecord) {
  const lookup = toLookup(wallet);
  return {
    Put: {
      TableName: db.tableName,
      Item: { ...keys.walletAddress(wallet.organizationId, wallet.address), entity: 'ADDRESS', ...lookup },
      // One address, one wallet within an organization: inbound funds must have exactly one destination.
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * The Put of a derived address's platform-wide owner item, in the transaction that creates its wallet: it fails the
 * whole transaction if any organization already holds the address, so a derived address has exactly one owner.
 */
export function depositAddressPut(db: Db, wallet: WalletRecord) {
  return {
    Put: {
      TableName: db.tableName,
      Item: { ...keys.depositAddress(wallet.address), entity: 'DEPOSITADDRESS', ...toLookup(wallet) },
      // One derived address, one owner platform-wide: a chain transfer to it is credited to one organization.
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

const parseLookup = (item: Record<string, unknown>) => AddressLookupSchema.parse(pick(item, LOOKUP_ATTRIBUTES));

/** The owner of an address the platform derived, whichever organization it is; undefined for any other address. */
export function findDepositAddress(db: Db, address: string): Promise<AddressLookup | undefined> {
  return readItem(db, keys.depositAddress(address), parseLookup);
}

/** BatchGetItem takes at most 100 keys. */
const BATCH_SIZE = 100;

/**
 * The owners of those of `addresses` the platform derived, by lower-case address: one BatchGetItem per 100
 * distinct addresses, never a request per address.
 */
export async function findDepositAddresses(db: Db, addresses: readonly string[]): Promise<Map<string, AddressLookup>> {
  const distinct = [...new Set(addresses.map((address) => address.toLowerCase()))];
  const owners = new Map<string, AddressLookup>();
  for (let start = 0; start < distinct.length; start += BATCH_SIZE) {
    const batch = distinct.slice(start, start + BATCH_SIZE);
    const found = await readItems(
      db,
      Object.fromEntries(batch.map((address) => [address, { key: keys.depositAddress(address), parse: parseLookup }])),
    );
    for (const [address, owner] of Object.entries(found)) if (owner) owners.set(address, owner as AddressLookup);
  }
  return owners;
}

/** Which wallet of this organization an address belongs to (any case; the key holds the lower-case form). */
export function findWalletByAddress(
  db: Db,
  organizationId: string,
  address: string,
): Promise<AddressLookup | undefined> {
  return readItem(db, keys.walletAddress(organizationId, address), parseLookup);
}

/**
 * All wallets of a customer (optionally only one bank's deposit wallets), from the customer's partition with a
 * strongly consistent Query, every page. A customer has a handful of wallets per bank.
 */
export async function listWalletsOfCustomer(
  db: Db,
  organizationId: string,
  customerId: string,
  filter: { withdrawalBankId?: string } = {},
): Promise<WalletRecord[]> {
  const { pk, skPrefix } = keys.walletsOfCustomer(organizationId, customerId);
  const { withdrawalBankId } = filter;
  return queryAll(
    db,
    {
      partition: pk,
      sortKey: { beginsWith: skPrefix },
      filter: withdrawalBankId
        ? { expression: 'withdrawalBankId = :bankId', values: { ':bankId': withdrawalBankId } }
        : undefined,
      consistent: true,
    },
    parseWallet,
  );
}

/**
 * One newest-first page of a customer's wallets (gsi1), optionally of one currency and chain, reading only the
 * page: a customer with hundreds of wallets costs a page's read units, not all of them.
 */
export function listWalletPage(
  db: Db,
  input: {
    organizationId: string;
    customerId: string;
    limit: number;
    cursor?: string | undefined;
    currency?: string | undefined;
    chain?: string | undefined;
  },
): Promise<Page<WalletRecord>> {
  const conditions = [
    ...(input.currency ? [['#currency', ':currency', input.currency] as const] : []),
    ...(input.chain ? [['#chain', ':chain', input.chain] as const] : []),
  ];
  return queryListPage(db, {
    partition: keys.walletList(input.organizationId, input.customerId).gsi1pk,
    limit: input.limit,
    cursor: input.cursor,
    parse: parseWallet,
    filter: conditions.length
      ? {
          expression: conditions.map(([name, value]) => `${name} = ${value}`).join(' AND '),
          names: Object.fromEntries(conditions.map(([name]) => [name, name.slice(1)])),
          values: Object.fromEntries(conditions.map(([, value, wanted]) => [value, wanted])),
        }
      : undefined,
  });
}

export class DepositIndexesExhaustedError extends Error {}

/**
 * Reserves `count` consecutive derivation indexes with one atomic ADD on the counter item and returns them.
 * Two concurrent callers always get disjoint ranges; a reservation whose bank is then refused leaves a gap,
 * which costs nothing.
 */
export async function reserveDepositIndexes(db: Db, count: number): Promise<number[]> {
  const { Attributes } = await db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: keys.depositIndexCounter(),
      UpdateExpression: 'ADD nextIndex :count SET entity = :entity',
      ExpressionAttributeValues: { ':count': count, ':entity': 'COUNTER' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const next = Number(Attributes?.nextIndex);
  if (!Number.isSafeInteger(next)) throw new Error('Deposit index counter returned no number');
  if (next - 1 > MAX_NON_HARDENED_INDEX) {
    throw new DepositIndexesExhaustedError('Every non-hardened index of DEPOSIT_XPUB is used; rotate the key');
  }
  return Array.from({ length: count }, (_, i) => next - count + i);
}
