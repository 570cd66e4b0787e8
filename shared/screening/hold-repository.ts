import type { Db } from '#shared/db/client.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import { readItem, type StoredItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { queryAll } from '#shared/db/query.ts';
import {
  type HeldRef,
  type HoldStatus,
  holdIdOf,
  type ScreeningHold,
  ScreeningHoldSchema,
} from '#shared/screening/records.ts';

const parseHold = (item: StoredItem): ScreeningHold => ScreeningHoldSchema.parse(item);

export function getHold(db: Db, organizationId: string, holdId: string) {
  return readItem(db, keys.screeningHold(organizationId, holdId), parseHold);
}

/** Whether the thing is held now: what holds it is decided in the screening review before anything else. */
export async function isHeld(db: Db, organizationId: string, subject: HeldRef): Promise<boolean> {
  return (await getHold(db, organizationId, holdIdOf(subject)))?.status === 'OPEN';
}

/** An organization's holds of one status, oldest first (a review queue: never more than a few hundred). */
export async function listHolds(db: Db, organizationId: string, status: HoldStatus): Promise<ScreeningHold[]> {
  const holds = await queryAll(
    db,
    {
      partition: keys.screeningHoldsOfOrganization(organizationId).pk,
      sortKey: { beginsWith: 'HOLD#' },
      filter: { expression: '#status = :status', names: { '#status': 'status' }, values: { ':status': status } },
    },
    parseHold,
  );
  return holds.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * A new hold, in the transaction of what it holds. A thing is held once at a time: a decided hold of the same thing
 * (a bank cleared before, a customer whose earlier name was cleared) is replaced; an open one is not.
 */
export function holdPut(db: Db, hold: ScreeningHold): GuardedItem<'screeningHold'> {
  return {
    role: 'screeningHold',
    item: {
      Put: {
        TableName: db.tableName,
        Item: {
          ...keys.screeningHold(hold.organizationId, hold.holdId),
          // An open hold waits in the screening review's queue (`shared/waiting/`) until it is decided.
          ...(hold.status === 'OPEN'
            ? keys.waitingEntry('SCREENING', hold.createdAt, `${hold.organizationId}#${hold.holdId}`)
            : {}),
          entity: 'SCREENINGHOLD',
          ...hold,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR #status <> :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':open': 'OPEN' },
      },
    },
  };
}

/** The reviewer's decision on an open hold, guarded on the version read: of two decisions one wins. */
export function holdDecision(
  db: Db,
  hold: ScreeningHold,
  decision: { status: Exclude<HoldStatus, 'OPEN'>; by: string; reason: string; at: string },
): GuardedItem<'screeningHold'> {
  return {
    role: 'screeningHold',
    item: {
      Update: {
        TableName: db.tableName,
        Key: keys.screeningHold(hold.organizationId, hold.holdId),
        UpdateExpression:
          'SET #status = :to, decidedBy = :by, decidedAt = :at, reason = :reason, version = version + :one ' +
          'REMOVE gsi2pk, gsi2sk',
        // Only an open hold is decided, and only as it was read.
        ConditionExpression: '#status = :open AND version = :seen',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':to': decision.status,
          ':by': decision.by,
          ':at': decision.at,
          ':reason': decision.reason,
          ':one': 1,
          ':open': 'OPEN',
          ':seen': hold.version,
        },
      },
    },
  };
}
