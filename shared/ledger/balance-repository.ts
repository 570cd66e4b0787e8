import { NumberValue } from '@aws-sdk/lib-dynamodb';
import type { Db } from '#shared/db/client.ts';
import type { GuardedItem, TransactItem } from '#shared/db/guarded-write.ts';
import { readItem, type StoredItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { type BalanceState, EMPTY_BALANCE } from '#shared/ledger/allowance.ts';
import { developerFeeWrites } from '#shared/ledger/organization-ledger-repository.ts';
import { MicroSchema, toMicro } from '#shared/money/micro.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * A customer's USDC balance (available and locked micro-USDC) and the organization's developer-fee accrual.
 * Amounts are integer micro-USDC numbers that DynamoDB adds and compares itself, so concurrent reservations are
 * decided by the database, never by a read-modify-write in the service.
 */

/** Micro-USDC as DynamoDB adds it: a number written from its exact decimal string. */
export const micro = (value: bigint) => NumberValue.from(value.toString());

const BalanceItemSchema = z.object({ available: MicroSchema, locked: MicroSchema });

export const parseBalance = (item: StoredItem): BalanceState => BalanceItemSchema.parse(item);

/** What a batch read (`readItems`) needs to read a customer's balance beside other items. */
export const balanceRead = (organizationId: string, customerId: string) => ({
  key: keys.customerBalance(organizationId, customerId),
  parse: parseBalance,
});

export const getBalance = async (db: Db, organizationId: string, customerId: string) =>
  (await readItem(db, keys.customerBalance(organizationId, customerId), parseBalance)) ?? EMPTY_BALANCE;

// Transaction items that move money. Each says why it is guarded.

type BalanceKey = { organizationId: string; customerId: string };

const balanceUpdate = (
  db: Db,
  owner: BalanceKey,
  update: {
    available: bigint;
    locked: bigint;
    condition?: string;
    guard?: bigint;
    now: string;
    returnOnFailure?: boolean;
  },
): TransactItem => ({
  Update: {
    TableName: db.tableName,
    Key: keys.customerBalance(owner.organizationId, owner.customerId),
    // A failed reservation returns the balance as it stood: the caller's fresh read, without reading again.
    ...(update.returnOnFailure ? { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const } : {}),
    UpdateExpression:
      'ADD available :available, locked :locked SET organizationId = :org, customerId = :customer, entity = :entity, updatedAt = :now',
    ...(update.condition ? { ConditionExpression: update.condition } : {}),
    ExpressionAttributeValues: {
      ':available': micro(update.available),
      ':locked': micro(update.locked),
      ':org': owner.organizationId,
      ':customer': owner.customerId,
      ':entity': 'BALANCE',
      ':now': update.now,
      ...(update.guard !== undefined ? { ':amount': micro(update.guard) } : {}),
    },
  },
});

export const balanceWrites = {
  /** Moves the amount from available to locked. */
  reserve: (db: Db, owner: BalanceKey, amount: bigint, now: string) =>
    balanceUpdate(db, owner, {
      available: -amount,
      locked: amount,
      // Only what is available can be locked: of two racing reservations the second finds too little and fails.
      condition: 'available >= :amount',
      guard: amount,
      now,
      returnOnFailure: true,
    }),
  /** Returns a reservation to available (the payout failed, or never started). */
  release: (db: Db, owner: BalanceKey, amount: bigint, now: string) =>
    balanceUpdate(db, owner, {
      available: amount,
      locked: -amount,
      // A reservation is released once: the locked part must still hold it.
      condition: 'locked >= :amount',
      guard: amount,
      now,
    }),
  /** The payout settled: the locked amount has left. */
  consume: (db: Db, owner: BalanceKey, amount: bigint, now: string) =>
    balanceUpdate(db, owner, {
      available: 0n,
      locked: -amount,
      // The locked part must still hold the reservation being paid out.
      condition: 'locked >= :amount',
      guard: amount,
      now,
    }),
  /** USDC left the available balance at once (sent on from the treasury): never below zero. */
  debit: (db: Db, owner: BalanceKey, amount: bigint, now: string) =>
    balanceUpdate(db, owner, {
      available: -amount,
      locked: 0n,
      // Only what is still available leaves: a balance spent meanwhile refuses, and nothing is written.
      condition: 'available >= :amount',
      guard: amount,
      now,
    }),
  /** USDC arrived for the customer (creates the balance on the first credit). */
  credit: (db: Db, owner: BalanceKey, amount: bigint, now: string) =>
    balanceUpdate(db, owner, { available: amount, locked: 0n, now }),
  /**
   * USDC arrived for a payout it funds at once (a bank deposit wallet's forwarding withdrawal): it is the payout's
   * reservation from the start, never available; settlement consumes it, a failure releases it (inbound deposits).
   */
  creditLocked: (db: Db, owner: BalanceKey, amount: bigint, now: string) =>
    balanceUpdate(db, owner, { available: 0n, locked: amount, now }),
};

/** What of a transaction its ledger movements read: its owner, amount and developer fee. */
type SettledTransaction = {
  organizationId: string;
  customerId: string;
  targetAmount: string;
  developerFee: { amount: string } | null;
};

const developerFeeOfRecord = (record: SettledTransaction) =>
  record.developerFee ? toMicro(record.developerFee.amount) : 0n;

/** The organization earns a transaction's developer fee (when it has one) in the transaction that completes it. */
export function developerFeeEarned(db: Db, record: SettledTransaction, at: string): GuardedItem<'developerFees'>[] {
  const fee = developerFeeOfRecord(record);
  return fee > 0n
    ? [{ role: 'developerFees', item: developerFeeWrites.accrue(db, record.organizationId, fee, at) }]
    : [];
}

/**
 * A returned withdrawal gives back the developer fee its completion earned, in the transaction that returns it. The
 * fee may have been claimed since: the unclaimed fees then go below zero by it (an ADD, never refused), the
 * organization owes it, later fees pay it off first, and no claim succeeds until they are above zero again.
 */
export function developerFeeReversed(db: Db, record: SettledTransaction, at: string): GuardedItem<'developerFees'>[] {
  const fee = developerFeeOfRecord(record);
  return fee > 0n
    ? [{ role: 'developerFees', item: developerFeeWrites.accrue(db, record.organizationId, -fee, at) }]
    : [];
}

/**
 * A completed deposit's ledger: the customer is credited what arrived less the developer fee, which the
 * organization earns in the same transaction.
 */
export const depositLedger = (db: Db, record: SettledTransaction, at: string) => depositsLedger(db, [record], at);

/**
 * The ledger of several completed deposits written in one transaction (bank credits, many to a report): a
 * transaction may touch an item once, so each customer is credited the sum of theirs and each organization earns
 * the sum of its fees, in one item each.
 */
export function depositsLedger(
  db: Db,
  records: readonly SettledTransaction[],
  at: string,
): GuardedItem<'balance' | 'developerFees'>[] {
  const credits = new Map<string, { owner: BalanceKey; amount: bigint }>();
  const fees = new Map<string, bigint>();
  for (const record of records) {
    const owner = { organizationId: record.organizationId, customerId: record.customerId };
    const fee = developerFeeOfRecord(record);
    const key = `${owner.organizationId}#${owner.customerId}`;
    const amount = (credits.get(key)?.amount ?? 0n) + toMicro(record.targetAmount) - fee;
    credits.set(key, { owner, amount });
    fees.set(owner.organizationId, (fees.get(owner.organizationId) ?? 0n) + fee);
  }
  return [
    ...[...credits.values()].map(({ owner, amount }) => ({
      role: 'balance' as const,
      item: balanceWrites.credit(db, owner, amount, at),
    })),
    ...[...fees.entries()]
      .filter(([, fee]) => fee > 0n)
      .map(([organizationId, fee]) => ({
        role: 'developerFees' as const,
        item: developerFeeWrites.accrue(db, organizationId, fee, at),
      })),
  ];
}
