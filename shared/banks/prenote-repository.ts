import { PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  type BankRecord,
  type PrenoteFile,
  PrenoteFileSchema,
  PrenoteLocatorSchema,
  type PrenoteRecord,
} from '#shared/banks/records.ts';
import { parseBank } from '#shared/banks/repository.ts';
import type { Db } from '#shared/db/client.ts';
import { writeGuarded } from '#shared/db/guarded-write.ts';
import { readItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { queryTimers } from '#shared/db/query.ts';
import { newId } from '#shared/ids.ts';

/**
 * ACH prenotes: a zero-dollar entry to a USD bank before real credits, which the receiving bank answers
 * only when the account is wrong (a return: R03 no account, R04 invalid number, ...). Requested for a bank
 * (`requestPrenote`), sent in the next run of the payout batcher as a NACHA file of its own (`sendDuePrenotes`),
 * CONFIRMED once `ACH_PRENOTE_WAIT_DAYS` banking days after its effective date pass without a return
 * (`confirmDuePrenotes`), FAILED by a return (`recordPrenoteReturn`, for the NACHA return reader to call). The
 * bank's status is not held meanwhile: NACHA no longer requires waiting for a prenote before credits.
 */

const MAX_DUE = 100;

/** `PN-` and 12 hex digits: 15 characters, the entry's individual identification number. */
export const newPrenoteReference = () => `PN-${newId().replaceAll('-', '').slice(0, 12).toUpperCase()}`;

/** Whether an ACH entry's identification names a prenote (a return of it is the prenote's, not a payout's). */
export const isPrenoteReference = (identification: string) => /^PN-[0-9A-F]{12}$/.test(identification.trim());

type Timer = { dueAt: string } | null;

/** The bank's prenote as `next`, conditional on the version read; a timer keeps it due (null: settled). */
export async function writePrenote(db: Db, bank: BankRecord, next: PrenoteRecord, timer: Timer, extra = false) {
  const timerKey = timer ? keys.prenoteTimer(bank.bankId, timer.dueAt) : null;
  const update = {
    Update: {
      TableName: db.tableName,
      Key: keys.bank(bank.organizationId, bank.customerId, bank.bankId),
      UpdateExpression: timerKey
        ? 'SET prenote = :prenote, updatedAt = :now, version = :next, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk'
        : 'SET prenote = :prenote, updatedAt = :now, version = :next REMOVE gsi2pk, gsi2sk',
      ConditionExpression: 'version = :version',
      ExpressionAttributeValues: {
        ':prenote': next,
        ':now': next.settledAt ?? next.sentAt ?? next.requestedAt,
        ':next': bank.version + 1,
        ':version': bank.version,
        ...(timerKey ? { ':gsi2pk': timerKey.gsi2pk, ':gsi2sk': timerKey.gsi2sk } : {}),
      },
    },
  };
  const locator = {
    Put: {
      TableName: db.tableName,
      Item: {
        ...keys.prenoteByReference(next.reference),
        entity: 'PRENOTE',
        organizationId: bank.organizationId,
        customerId: bank.customerId,
        bankId: bank.bankId,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  await writeGuarded(db, [
    { role: 'bank', item: update },
    ...(extra ? [{ role: 'prenoteReference', item: locator }] : []),
  ]);
  return { ...bank, prenote: next, version: bank.version + 1 };
}

/** The bank a prenote's reference names (a return hands the reference back), or undefined. */
export const findPrenoteBank = (db: Db, reference: string) =>
  readItem(db, keys.prenoteByReference(reference), (item) =>
    PrenoteLocatorSchema.parse({
      organizationId: item.organizationId,
      customerId: item.customerId,
      bankId: item.bankId,
    }),
  );

/** Banks whose prenote is due: to send (REQUESTED) or to confirm (SENT, its window passed). */
export function dueBanks(db: Db, now: Date): Promise<BankRecord[]> {
  return queryTimers(db, {
    kind: 'PRENOTE',
    dueBy: now,
    limit: MAX_DUE,
    // The index is eventually consistent: the bank is read again before it is acted on.
    take: (item) => readItem(db, { pk: String(item.pk), sk: String(item.sk) }, parseBank),
  });
}

/** Records a prenote file before it is written to the outbox (the same file written again records the same). */
export async function putPrenoteFile(db: Db, file: PrenoteFile): Promise<void> {
  const parsed = PrenoteFileSchema.parse(file);
  await db.client.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...keys.prenoteFile(parsed.messageId), entity: 'PRENOTEFILE', ...parsed },
    }),
  );
}

export const getPrenoteFile = (db: Db, messageId: string) =>
  readItem(db, keys.prenoteFile(messageId), (item) =>
    PrenoteFileSchema.parse(Object.fromEntries(Object.keys(PrenoteFileSchema.shape).map((name) => [name, item[name]]))),
  );
