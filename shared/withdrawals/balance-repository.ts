import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { NumberValue, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '#shared/db/client.ts';
import type { GuardedItem, TransactItem } from '#shared/db/guarded-write.ts';
import { readItem, readItems, type StoredItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { developerFeeWrites } from '#shared/developer-fees/repository.ts';
import { MicroSchema, toMicro } from '#shared/money/micro.ts';
import * as z from '#shared/validation/zod.ts';
import {
  type AllowanceConfig,
  type AllowanceUsage,
  type AllowanceWindow,
  type BalanceState,
  EMPTY_BALANCE,
} from '#shared/withdrawals/allowance.ts';
import type { IdempotencyRecord, ReferenceRatesRecord, TransactionRecord } from '#shared/withdrawals/records.ts';
import { IdempotencyRecordSchema } from '#shared/withdrawals/records.ts';
import { referenceRatesRead } from '#shared/withdrawals/reference-rate-repository.ts';
import type { ExchangeRates } from '#shared/withdrawals/sandbox-schemas.ts';

/**
 * The ledger items: a customer's USDC balance (available and locked micro-USDC), an organization's allowance
 * usage, its sandbox settings, and the idempotency records of creates. Amounts are integer micro-USDC numbers
 * that DynamoDB adds and compares itself, so concurrent reservations are decided by the database, never by a
 * read-modify-write in the service.
 */

const micro = (value: bigint) => NumberValue.from(value.toString());

const BalanceItemSchema = z.object({ available: MicroSchema, locked: MicroSchema });
const AllowanceItemSchema = z.object({
  spent: MicroSchema,
  periodStart: z.string(),
  nextResetAt: z.nullable(z.string()),
});
const SandboxSettingsItemSchema = z.object({
  failNextExecutions: z._default(z.number().check(z.int()), 0),
  rateEUR: z.optional(z.string()),
  rateUSD: z.optional(z.string()),
});
export type SandboxSettings = { failNextExecutions: number; rates: Partial<ExchangeRates> };

const parseBalance = (item: StoredItem): BalanceState => BalanceItemSchema.parse(item);
const parseAllowance = (item: StoredItem): AllowanceUsage => AllowanceItemSchema.parse(item);
const parseIdempotency = (item: StoredItem): IdempotencyRecord => IdempotencyRecordSchema.parse(item);
const parseSandboxSettings = (item: StoredItem): SandboxSettings => {
  const parsed = SandboxSettingsItemSchema.parse(item);
  return {
    failNextExecutions: parsed.failNextExecutions,
    rates: { ...(parsed.rateEUR ? { EUR: parsed.rateEUR } : {}), ...(parsed.rateUSD ? { USD: parsed.rateUSD } : {}) },
  };
};
/** Settings never stored: no armed faults, the configured rates. */
const DEFAULT_SANDBOX_SETTINGS: SandboxSettings = { failNextExecutions: 0, rates: {} };

export const getBalance = async (db: Db, organizationId: string, customerId: string) =>
  (await readItem(db, keys.customerBalance(organizationId, customerId), parseBalance)) ?? EMPTY_BALANCE;

export const getAllowanceUsage = (db: Db, organizationId: string) =>
  readItem(db, keys.allowance(organizationId), parseAllowance);

/** A sandbox organization's settings (its rates, armed faults); inbound deposits quote their forwarding with them. */
export const getSandboxSettings = async (db: Db, organizationId: string) =>
  (await readItem(db, keys.sandboxSettings(organizationId), parseSandboxSettings)) ?? DEFAULT_SANDBOX_SETTINGS;

export const getIdempotencyRecord = (db: Db, organizationId: string, idempotencyKey: string) =>
  readItem(db, keys.idempotencyRecord(organizationId, idempotencyKey), parseIdempotency);

/** Everything a create decides on besides the customer and the bank. */
export type CreateContext = {
  balance: BalanceState;
  allowance: AllowanceUsage | undefined;
  idempotency: IdempotencyRecord | undefined;
  sandbox: SandboxSettings | undefined;
  /** The latest ECB rates, for a live organization on reference rates (else undefined, not read). */
  reference: ReferenceRatesRecord | undefined;
};

/**
 * One strongly consistent BatchGetItem for the balance, the allowance usage, the idempotency record and (for
 * sandbox organizations) the sandbox settings or (for live ones on reference rates) the latest ECB rates.
 */
export async function readCreateContext(
  db: Db,
  input: { organizationId: string; customerId: string; idempotencyKey: string; sandbox: boolean; reference: boolean },
): Promise<CreateContext> {
  const read = await readItems(db, {
    balance: { key: keys.customerBalance(input.organizationId, input.customerId), parse: parseBalance },
    allowance: { key: keys.allowance(input.organizationId), parse: parseAllowance },
    idempotency: { key: keys.idempotencyRecord(input.organizationId, input.idempotencyKey), parse: parseIdempotency },
    ...(input.sandbox
      ? { sandbox: { key: keys.sandboxSettings(input.organizationId), parse: parseSandboxSettings } }
      : {}),
    ...(input.reference ? { reference: referenceRatesRead } : {}),
  });
  return {
    balance: read.balance ?? EMPTY_BALANCE,
    allowance: read.allowance,
    idempotency: read.idempotency,
    sandbox: input.sandbox ? (read.sandbox ?? DEFAULT_SANDBOX_SETTINGS) : undefined,
    reference: read.reference,
  };
}

// Transaction items that move money. Each says why it is guarded.

type BalanceKey = { organizationId: string; customerId: string };

const balanceUpdate = (
  db: Db,
  owner: BalanceKey,
  update: { available: bigint; locked: bigint; condition?: string; guard?: bigint; now: string },
): TransactItem => ({
  Update: {
    TableName: db.tableName,
    Key: keys.customerBalance(owner.organizationId, owner.customerId),
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

export const allowanceWrites = {
  /** Counts the amount against the allowance period the window describes. */
  reserve: (db: Db, organizationId: string, window: AllowanceWindow, amount: bigint, now: string): TransactItem => {
    const Key = keys.allowance(organizationId);
    if (window.write.kind === 'current') {
      return {
        Update: {
          TableName: db.tableName,
          Key,
          UpdateExpression: 'ADD spent :amount SET updatedAt = :now',
          // Still the period we read, and the amount still fits under the limit: a concurrent reservation or a
          // period rollover in between makes this fail instead of overspending.
          ConditionExpression: 'periodStart = :periodStart AND spent <= :maxSpentBefore',
          ExpressionAttributeValues: {
            ':amount': micro(amount),
            ':now': now,
            ':periodStart': window.periodStart,
            ':maxSpentBefore': micro(window.limit - amount),
          },
        },
      };
    }
    const { replaces } = window.write;
    return {
      Update: {
        TableName: db.tableName,
        Key,
        UpdateExpression:
          'SET spent = :amount, periodStart = :periodStart, nextResetAt = :nextResetAt, entity = :entity, updatedAt = :now',
        // A new period starts once: whoever opens it first wins, everyone else re-reads and adds to it.
        ConditionExpression: replaces === null ? 'attribute_not_exists(pk)' : 'periodStart = :replaces',
        ExpressionAttributeValues: {
          ':amount': micro(amount),
          ':periodStart': window.periodStart,
          ':nextResetAt': window.nextResetAt,
          ':entity': 'ALLOWANCE',
          ':now': now,
          ...(replaces === null ? {} : { ':replaces': replaces }),
        },
      },
    };
  },
  /** Gives an amount back to the period it was counted in. */
  release: (db: Db, organizationId: string, periodStart: string, amount: bigint, now: string): TransactItem => ({
    Update: {
      TableName: db.tableName,
      Key: keys.allowance(organizationId),
      UpdateExpression: 'ADD spent :negative SET updatedAt = :now',
      // Only into the period that counted it (a later period never gets credit for an earlier one), and once.
      ConditionExpression: 'periodStart = :periodStart AND spent >= :amount',
      ExpressionAttributeValues: {
        ':negative': micro(-amount),
        ':amount': micro(amount),
        ':periodStart': periodStart,
        ':now': now,
      },
    },
  }),
  /** The limit a reservation was checked against is still the organization's. */
  configUnchanged: (db: Db, organizationId: string, config: AllowanceConfig): TransactItem => ({
    ConditionCheck: {
      TableName: db.tableName,
      Key: keys.organization(organizationId),
      // An operator lowering the limit concurrently must not let a reservation pass against the old one.
      ConditionExpression: 'allowance.#limit = :limit AND allowance.resetPeriodMinutes = :period',
      ExpressionAttributeNames: { '#limit': 'limit' },
      ExpressionAttributeValues: { ':limit': config.limit, ':period': config.resetPeriodMinutes },
    },
  }),
};

/** Sets an organization's allowance and starts a new period from zero, together. */
export function allowanceResetItems(
  db: Db,
  organizationId: string,
  config: AllowanceConfig,
  window: AllowanceWindow,
  now: string,
): GuardedItem<'organization' | 'allowance'>[] {
  return [
    {
      role: 'organization',
      item: {
        Update: {
          TableName: db.tableName,
          Key: keys.organization(organizationId),
          UpdateExpression: 'SET allowance = :allowance, updatedAt = :now',
          // Never create a half-formed organization.
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':allowance': config, ':now': now },
        },
      },
    },
    {
      role: 'allowance',
      item: {
        Put: {
          TableName: db.tableName,
          Item: {
            ...keys.allowance(organizationId),
            entity: 'ALLOWANCE',
            spent: micro(0n),
            periodStart: window.periodStart,
            nextResetAt: window.nextResetAt,
            updatedAt: now,
          },
        },
      },
    },
  ];
}

// Sandbox settings: the fault switch of the sandbox executor and the sandbox rates.

export async function setFailNextExecutions(db: Db, organizationId: string, count: number, now: string) {
  await db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: keys.sandboxSettings(organizationId),
      UpdateExpression: 'SET failNextExecutions = :count, entity = :entity, updatedAt = :now',
      ExpressionAttributeValues: { ':count': count, ':entity': 'SANDBOX_SETTINGS', ':now': now },
    }),
  );
}

/** Takes one armed fault, if any is left: true when this execution must fail. */
export async function consumeFault(db: Db, organizationId: string): Promise<boolean> {
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.sandboxSettings(organizationId),
        UpdateExpression: 'SET failNextExecutions = failNextExecutions - :one',
        // Each armed fault fails exactly one execution, however many run at once.
        ConditionExpression: 'failNextExecutions >= :one',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function setSandboxRates(db: Db, organizationId: string, rates: Partial<ExchangeRates>, now: string) {
  const sets = ['entity = :entity', 'updatedAt = :now'];
  const values: Record<string, unknown> = { ':entity': 'SANDBOX_SETTINGS', ':now': now };
  for (const currency of ['EUR', 'USD'] as const) {
    const rate = rates[currency];
    if (rate === undefined) continue;
    sets.push(`rate${currency} = :${currency}`);
    values[`:${currency}`] = rate;
  }
  const { Attributes } = await db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: keys.sandboxSettings(organizationId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return parseSandboxSettings(Attributes ?? {});
}

const developerFeeOfRecord = (record: TransactionRecord) =>
  record.developerFee ? toMicro(record.developerFee.amount) : 0n;

/** The organization earns a transaction's developer fee (when it has one) in the transaction that completes it. */
export function developerFeeEarned(db: Db, record: TransactionRecord, at: string): GuardedItem<'developerFees'>[] {
  const fee = developerFeeOfRecord(record);
  return fee > 0n
    ? [{ role: 'developerFees', item: developerFeeWrites.accrue(db, record.organizationId, fee, at) }]
    : [];
}

/**
 * A completed deposit's ledger: the customer is credited what arrived less the developer fee, which the
 * organization earns in the same transaction.
 */
export function depositLedger(
  db: Db,
  record: TransactionRecord,
  at: string,
): GuardedItem<'balance' | 'developerFees'>[] {
  const owner = { organizationId: record.organizationId, customerId: record.customerId };
  const credited = toMicro(record.targetAmount) - developerFeeOfRecord(record);
  return [
    { role: 'balance', item: balanceWrites.credit(db, owner, credited, at) },
    ...developerFeeEarned(db, record, at),
  ];
}
