import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '#shared/db/client.ts';
import type { TransactItem } from '#shared/db/guarded-write.ts';
import { readItem } from '#shared/db/items.ts';
import { keys, type TimerKey } from '#shared/db/keys.ts';
import { queryTimers } from '#shared/db/query.ts';
import { TABLE } from '#shared/db/table.ts';
import { type PaymentFileRecord, PaymentFileRecordSchema } from '#shared/payouts/records.ts';

/** Payment file items (see `records.ts`), the reference lookup of reports, and their timers. */

const FILE_ATTRIBUTES = Object.keys(PaymentFileRecordSchema.shape);
const parseFile = (item: Record<string, unknown>): PaymentFileRecord =>
  PaymentFileRecordSchema.parse(Object.fromEntries(FILE_ATTRIBUTES.map((name) => [name, item[name]])));

function fileTimer(file: PaymentFileRecord): TimerKey | undefined {
  if (file.status === 'CLAIMED') return keys.paymentFileTimer('WRITE', file.messageId, file.createdAt);
  if (file.status === 'WRITTEN' && file.answerDueAt) {
    return keys.paymentFileTimer('ANSWER', file.messageId, file.answerDueAt);
  }
  // Written (live, or the sandbox bank silent) or answered by the sandbox bank: reports may still be outstanding.
  if (file.status === 'WRITTEN' || file.status === 'ANSWERED') {
    return keys.paymentFileTimer('AWAIT', file.messageId, file.overdueAt);
  }
  return undefined;
}

export const paymentFileWrites = {
  /** The claim's file item: written once, in the same transaction that marks its withdrawals. */
  insert: (db: Db, file: PaymentFileRecord): TransactItem => ({
    Put: {
      TableName: db.tableName,
      Item: { ...keys.paymentFile(file.messageId), ...fileTimer(file), entity: 'PAYMENTFILE', ...file },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  }),
};

/** Moves a file on (CLAIMED -> WRITTEN -> ANSWERED) if it is still where it was; false if someone else did. */
export async function advancePaymentFile(
  db: Db,
  file: PaymentFileRecord,
  to: PaymentFileRecord['status'],
): Promise<boolean> {
  const next = { ...file, status: to };
  const timer = fileTimer(next);
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.paymentFile(file.messageId),
        UpdateExpression: timer
          ? 'SET #status = :to, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk'
          : 'SET #status = :to REMOVE gsi2pk, gsi2sk',
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':to': to,
          ':from': file.status,
          ...(timer ? { ':gsi2pk': timer.gsi2pk, ':gsi2sk': timer.gsi2sk } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export const getPaymentFile = (db: Db, messageId: string) =>
  readItem(db, keys.paymentFile(messageId), parseFile, { consistent: true });

/** Files whose `kind` timer is due, across the shards (the index is eventually consistent: re-read before acting). */
export function queryDuePaymentFiles(db: Db, kind: 'WRITE' | 'ANSWER' | 'AWAIT', now: Date, limit: number) {
  return queryTimers(db, { kind, dueBy: now, limit, take: parseFile });
}

/** The withdrawal a report names by its end-to-end id (our `reference`), through the unique reference item. */
export const findByReference = (db: Db, reference: string) =>
  readItem(
    db,
    keys.transactionReference(reference),
    (item) => ({
      organizationId: String(item.organizationId),
      customerId: String(item.customerId),
      transactionId: String(item.transactionId),
    }),
    { consistent: true },
  );

/** The counter of a day outlives the day by a week, then DynamoDB's TTL removes it. */
const ACH_COUNTER_KEPT_S = 8 * 24 * 3600;

/**
 * The next sequence number (0, 1, ...) among the ACH files an originator creates on a UTC day: one atomic ADD, so two
 * batchers never get the same one. A number taken by a claim that then fails is skipped, never reused.
 */
export async function nextAchFileOfDay(db: Db, originator: { routingNumber: string; companyId: string }, day: string) {
  const { Attributes } = await db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: keys.achFilesOfDay(originator.routingNumber, originator.companyId, day),
      UpdateExpression: 'ADD filesCreated :one SET entity = :entity, #ttl = :ttl',
      ExpressionAttributeNames: { '#ttl': TABLE.ttlAttribute },
      ExpressionAttributeValues: {
        ':one': 1,
        ':entity': 'COUNTER',
        ':ttl': Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + ACH_COUNTER_KEPT_S,
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const created = Number(Attributes?.filesCreated);
  if (!Number.isSafeInteger(created)) throw new Error('ACH file counter returned no number');
  return created - 1;
}
