import type { Db } from '#shared/db/client.ts';
import type { GuardedItem, TransactItem } from '#shared/db/guarded-write.ts';
import { readItem, type StoredItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import type { AllowanceConfig, AllowanceUsage, AllowanceWindow } from '#shared/ledger/allowance.ts';
import { micro } from '#shared/ledger/balance-repository.ts';
import { MicroSchema } from '#shared/money/micro.ts';
import * as z from '#shared/validation/zod.ts';

/** An organization's allowance usage: what API withdrawals spent of the period's limit, in micro-USDC. */

const AllowanceItemSchema = z.object({
  spent: MicroSchema,
  periodStart: z.string(),
  nextResetAt: z.nullable(z.string()),
});

export const parseAllowance = (item: StoredItem): AllowanceUsage => AllowanceItemSchema.parse(item);

/** What a batch read (`readItems`) needs to read the allowance usage beside other items. */
export const allowanceRead = (organizationId: string) => ({
  key: keys.allowance(organizationId),
  parse: parseAllowance,
});

export const getAllowanceUsage = (db: Db, organizationId: string) =>
  readItem(db, keys.allowance(organizationId), parseAllowance);

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
          // period rollover in between makes this fail instead of overspending. The guard is on the sum alone,
          // so concurrent reservations commute: each fits or not whatever order they land in.
          ConditionExpression: 'periodStart = :periodStart AND spent <= :maxSpentBefore',
          // A failed guard returns the usage as it stood: the caller's fresh read, without reading again.
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
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
        // A new period starts once: whoever opens it first wins; the others get the period it opened back from
        // their failed guard and add to it with the commuting reservation above.
        ConditionExpression: replaces === null ? 'attribute_not_exists(pk)' : 'periodStart = :replaces',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
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
