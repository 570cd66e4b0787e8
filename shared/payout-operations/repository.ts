import type { AuditActor } from '#shared/console/common/records.ts';
import type { Db } from '#shared/db/client.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import { readItem, type StoredItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { queryAll } from '#shared/db/query.ts';
import { type PayoutSettlement, PayoutSettlementSchema } from '#shared/payout-operations/records.ts';

const FIELDS = Object.keys(PayoutSettlementSchema.shape);
const parseSettlement = (item: StoredItem): PayoutSettlement =>
  PayoutSettlementSchema.parse(Object.fromEntries(FIELDS.map((name) => [name, item[name]])));

export const getPayoutSettlement = (db: Db, organizationId: string, transactionId: string) =>
  readItem(db, keys.payoutSettlement(organizationId, transactionId), parseSettlement, { consistent: true });

/** Settlements waiting for a second person, oldest first (a handful: each is a payout a bank answered on paper). */
export const listProposedSettlements = (db: Db, organizationId: string, max = 200) =>
  queryAll(
    db,
    { index: 'gsi1', partition: keys.proposedSettlementsOfOrganization(organizationId).gsi1pk },
    parseSettlement,
    { max },
  );

export const settlementWrites = {
  /** A new proposal; only where none is, or the last was rejected: one open proposal per payout. */
  propose: (db: Db, settlement: PayoutSettlement): GuardedItem<'settlement'> => ({
    role: 'settlement',
    item: {
      Put: {
        TableName: db.tableName,
        Item: {
          ...keys.payoutSettlement(settlement.organizationId, settlement.transactionId),
          ...keys.proposedSettlement(settlement.organizationId, settlement.proposedAt, settlement.transactionId),
          entity: 'PAYOUTSETTLEMENT',
          ...PayoutSettlementSchema.parse(settlement),
        },
        ConditionExpression: 'attribute_not_exists(pk) OR #status = :rejected',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':rejected': 'REJECTED' },
      },
    },
  }),
  /** The second person's decision, once: only a PROPOSED settlement is decided, and it leaves the list. */
  decide: (
    db: Db,
    settlement: PayoutSettlement,
    decision: { status: 'APPROVED' | 'REJECTED'; by: AuditActor; at: string; rejectionReason: string | null },
  ): GuardedItem<'settlement'> => ({
    role: 'settlement',
    item: {
      Update: {
        TableName: db.tableName,
        Key: keys.payoutSettlement(settlement.organizationId, settlement.transactionId),
        UpdateExpression:
          'SET #status = :status, decidedBy = :by, decidedAt = :at, rejectionReason = :why REMOVE gsi1pk, gsi1sk',
        // Decided once: a second decision (or one racing it) finds it no longer PROPOSED, or proposed anew.
        ConditionExpression: '#status = :proposed AND proposedAt = :proposedAt',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': decision.status,
          ':by': decision.by,
          ':at': decision.at,
          ':why': decision.rejectionReason,
          ':proposed': 'PROPOSED',
          ':proposedAt': settlement.proposedAt,
        },
      },
    },
  }),
};
