import type { Db } from '#shared/db/client.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import { readItem, type StoredItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { queryAll } from '#shared/db/query.ts';
import { type DepositTravelRuleRecord, DepositTravelRuleRecordSchema } from '#shared/travel-rule/records.ts';

const ATTRIBUTES = Object.keys(DepositTravelRuleRecordSchema.shape);

const parse = (item: StoredItem): DepositTravelRuleRecord =>
  DepositTravelRuleRecordSchema.parse(Object.fromEntries(ATTRIBUTES.map((name) => [name, item[name]])));

/** The stored item, listed in the organization's follow-up list (sparse gsi1) exactly while its originator is MISSING. */
const itemOf = (record: DepositTravelRuleRecord): StoredItem => ({
  ...keys.depositTravelRule(record.organizationId, record.transactionId),
  entity: 'DEPOSITTRAVELRULE',
  ...record,
  ...(record.originatorStatus === 'MISSING'
    ? keys.depositOriginatorMissing(record.organizationId, record.receivedAt, record.transactionId)
    : {}),
});

/** Written once, in the transaction that records the deposit. */
export const depositTravelRuleInsert = (db: Db, record: DepositTravelRuleRecord): GuardedItem<'travelRule'> => ({
  role: 'travelRule',
  item: { Put: { TableName: db.tableName, Item: itemOf(record), ConditionExpression: 'attribute_not_exists(pk)' } },
});

/** A change, only from the version read: of two completions exactly one is written. */
export const depositTravelRuleReplace = (
  db: Db,
  previous: DepositTravelRuleRecord,
  next: DepositTravelRuleRecord,
): GuardedItem<'travelRule'> => ({
  role: 'travelRule',
  item: {
    Put: {
      TableName: db.tableName,
      Item: itemOf(next),
      ConditionExpression: 'version = :version',
      ExpressionAttributeValues: { ':version': previous.version },
    },
  },
});

export const getDepositTravelRule = (db: Db, organizationId: string, transactionId: string) =>
  readItem(db, keys.depositTravelRule(organizationId, transactionId), parse);

/** Every inbound leg of an organization (the auditor's export). */
export const listDepositTravelRules = (db: Db, organizationId: string) => {
  const { pk, skPrefix } = keys.depositTravelRulesOfOrganization(organizationId);
  return queryAll(db, { partition: pk, sortKey: { beginsWith: skPrefix }, consistent: true }, parse);
};

/** The deposits whose originator is missing, oldest first (the index lags: each is read again). */
export async function listMissingOriginators(db: Db, organizationId: string, max = 100) {
  const listed = await queryAll(
    db,
    { index: 'gsi1', partition: keys.depositOriginatorsMissingOfOrganization(organizationId).gsi1pk },
    (item) => String(item.transactionId),
    { max },
  );
  const records = await Promise.all(listed.map((id) => getDepositTravelRule(db, organizationId, id)));
  return records.filter((record) => record?.originatorStatus === 'MISSING') as DepositTravelRuleRecord[];
}
