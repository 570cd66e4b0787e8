import type { Db } from '#shared/db/client.ts';
import { WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import { readItem, type StoredItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { type ReferenceRatesRecord, ReferenceRatesRecordSchema } from '#shared/quotes/records.ts';

export const parseReferenceRates = (item: StoredItem): ReferenceRatesRecord => ReferenceRatesRecordSchema.parse(item);

/** What a batch read (`readItems`) needs to read the latest ECB rates beside other items. */
export const referenceRatesRead = { key: keys.referenceRates('ECB'), parse: parseReferenceRates };

export const getReferenceRates = (db: Db) => readItem(db, referenceRatesRead.key, parseReferenceRates);

/**
 * Stores `record` as the latest rates unless a later reference day is stored already (two fetchers, or a late
 * retry, never move the rate back in time); the same day again only refreshes `fetchedAt`. False when refused.
 */
export async function storeReferenceRates(db: Db, record: ReferenceRatesRecord): Promise<boolean> {
  try {
    await writeGuarded(db, [
      {
        role: 'referenceRates',
        item: {
          Put: {
            TableName: db.tableName,
            Item: { ...referenceRatesRead.key, entity: 'REFERENCERATES', ...record },
            ConditionExpression: 'attribute_not_exists(pk) OR #date <= :date',
            ExpressionAttributeNames: { '#date': 'date' },
            ExpressionAttributeValues: { ':date': record.date },
          },
        },
      },
    ]);
    return true;
  } catch (error) {
    if (error instanceof WriteConditionFailedError) return false;
    throw error;
  }
}
