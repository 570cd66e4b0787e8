import { NumberValue } from '@aws-sdk/lib-dynamodb';
import type { Db } from '#shared/db/client.ts';
import type { GuardedItem, TransactItem } from '#shared/db/guarded-write.ts';
import { readItems, type StoredItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { type EventRecord, eventPut } from '#shared/events/outbox.ts';
import {
  type DeveloperFeeClaimRecord,
  DeveloperFeesItemSchema,
  type DeveloperFeesState,
  OrganizationBalanceItemSchema,
  type OrganizationBalanceState,
} from '#shared/ledger/records.ts';

/**
 * The organization's two ledger items: its unclaimed developer fees and its own custodial USDC, in integer
 * micro-USDC that DynamoDB adds and compares itself (as the customers' balances, `shared/withdrawals`).
 */

const micro = (value: bigint) => NumberValue.from(value.toString());

const NOTHING_ACCRUED: DeveloperFeesState = { unclaimed: 0n };
const EMPTY_BALANCE: OrganizationBalanceState = { available: 0n, locked: 0n };

const parseFees = (item: StoredItem): DeveloperFeesState => DeveloperFeesItemSchema.parse(item);
const parseBalance = (item: StoredItem): OrganizationBalanceState => OrganizationBalanceItemSchema.parse(item);

/** Both items in one strongly consistent BatchGetItem (items never written read as zero). */
export async function getOrganizationLedger(db: Db, organizationId: string) {
  const read = await readItems(db, {
    fees: { key: keys.developerFees(organizationId), parse: parseFees },
    balance: { key: keys.organizationBalance(organizationId), parse: parseBalance },
  });
  return { fees: read.fees ?? NOTHING_ACCRUED, balance: read.balance ?? EMPTY_BALANCE };
}

/** Transaction items that move the organization's money. */
export const developerFeeWrites = {
  /**
   * A transaction's developer fee was earned (a withdrawal settled, a deposit credited): added in the same
   * transaction as the change that earned it. Creates the item on the first fee; an ADD needs no guard.
   */
  accrue: (db: Db, organizationId: string, amount: bigint, now: string): TransactItem => ({
    Update: {
      TableName: db.tableName,
      Key: keys.developerFees(organizationId),
      UpdateExpression: 'ADD unclaimed :amount SET organizationId = :org, entity = :entity, updatedAt = :now',
      ExpressionAttributeValues: {
        ':amount': micro(amount),
        ':org': organizationId,
        ':entity': 'DEVELOPERFEES',
        ':now': now,
      },
    },
  }),
};

export type ClaimRole = 'fees' | 'balance' | 'claim' | 'event';

/**
 * A claim's writes: the amount leaves the unclaimed fees (guarded: exactly what was read is still there, so two
 * racing claims cannot both take it) and joins the custodial balance; the claim record and its event.
 */
export function claimItems(
  db: Db,
  claim: DeveloperFeeClaimRecord,
  amount: bigint,
  event: EventRecord,
): GuardedItem<ClaimRole>[] {
  const { organizationId, createdAt } = claim;
  return [
    {
      role: 'fees',
      item: {
        Update: {
          TableName: db.tableName,
          Key: keys.developerFees(organizationId),
          UpdateExpression: 'ADD unclaimed :minus SET updatedAt = :now',
          ConditionExpression: 'unclaimed >= :amount',
          ExpressionAttributeValues: { ':minus': micro(-amount), ':amount': micro(amount), ':now': createdAt },
        },
      },
    },
    {
      role: 'balance',
      item: {
        Update: {
          TableName: db.tableName,
          Key: keys.organizationBalance(organizationId),
          UpdateExpression:
            'ADD available :amount, locked :zero SET organizationId = :org, entity = :entity, updatedAt = :now',
          ExpressionAttributeValues: {
            ':amount': micro(amount),
            ':zero': micro(0n),
            ':org': organizationId,
            ':entity': 'ORGBALANCE',
            ':now': createdAt,
          },
        },
      },
    },
    {
      role: 'claim',
      item: {
        Put: {
          TableName: db.tableName,
          Item: { ...keys.developerFeeClaim(organizationId, claim.claimId), entity: 'FEECLAIM', ...claim },
          // A fresh id never exists; the guard keeps a retry from overwriting a claim.
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    { role: 'event', item: eventPut(db, event) },
  ];
}
