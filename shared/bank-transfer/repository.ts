import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type FileDelivered,
  FileDeliveredSchema,
  MoverRunSchema,
  type ReportDownloaded,
  ReportDownloadedSchema,
  type ReportSeen,
  ReportSeenSchema,
  type SftpChannel,
  SftpChannelSchema,
} from '#shared/bank-transfer/records.ts';
import type { Db } from '#shared/db/client.ts';
import { WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import { readItem, readManyItems, type StoredItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { queryAll } from '#shared/db/query.ts';

const fieldsOf =
  <T>(schema: { shape: Record<string, unknown>; parse(value: unknown): T }) =>
  (item: StoredItem): T =>
    schema.parse(Object.fromEntries(Object.keys(schema.shape).map((name) => [name, item[name]])));

/** Sets (or replaces) a payout account's SFTP connection. */
export async function putSftpChannel(db: Db, channel: SftpChannel): Promise<void> {
  const parsed = SftpChannelSchema.parse(channel);
  await db.client.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...keys.sftpChannel(parsed.organizationId, parsed.currency), entity: 'SFTPCHANNEL', ...parsed },
    }),
  );
}

export const getSftpChannel = (db: Db, organizationId: string, currency: 'EUR' | 'USD') =>
  readItem(db, keys.sftpChannel(organizationId, currency), fieldsOf(SftpChannelSchema));

/** Every payout account's SFTP connection (one partition: a deployment has a handful). */
export const listSftpChannels = (db: Db) =>
  queryAll(db, { partition: keys.sftpChannels().pk, consistent: true }, fieldsOf(SftpChannelSchema));

export const getFileDelivered = (db: Db, organizationId: string, name: string) =>
  readItem(db, keys.fileDelivered(organizationId, name), fieldsOf(FileDeliveredSchema));

export const getReportDownloaded = (db: Db, organizationId: string, name: string, sha256: string) =>
  readItem(db, keys.reportDownloaded(organizationId, name, sha256), fieldsOf(ReportDownloadedSchema));

/** What the mover last saw of each named report at the bank, by name (the names it never took are absent). */
export const getReportsSeen = (db: Db, organizationId: string, names: readonly string[]) =>
  readManyItems(db, names, (name) => keys.reportSeen(organizationId, name), fieldsOf(ReportSeenSchema));

/** Unguarded: the latest sight of a name is what is asked, and a report is taken once by its download record. */
export async function recordReportSeen(db: Db, organizationId: string, seen: ReportSeen): Promise<void> {
  await db.client.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...keys.reportSeen(organizationId, seen.name), entity: 'BANKSEEN', ...ReportSeenSchema.parse(seen) },
    }),
  );
}

/** Writes a record only if it is not there; false when another run wrote it first. */
async function recordOnce(db: Db, role: string, key: { pk: string; sk: string }, item: StoredItem) {
  try {
    await writeGuarded(db, [
      {
        role,
        item: {
          Put: {
            TableName: db.tableName,
            Item: { ...key, ...item },
            ConditionExpression: 'attribute_not_exists(pk)',
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

export const recordFileDelivered = (db: Db, delivered: FileDelivered) =>
  recordOnce(db, 'delivered', keys.fileDelivered(delivered.organizationId, delivered.name), {
    entity: 'BANKDELIVERY',
    ...FileDeliveredSchema.parse(delivered),
  });

export const recordReportDownloaded = (db: Db, downloaded: ReportDownloaded) =>
  recordOnce(db, 'downloaded', keys.reportDownloaded(downloaded.organizationId, downloaded.name, downloaded.sha256), {
    entity: 'BANKDOWNLOAD',
    ...ReportDownloadedSchema.parse(downloaded),
  });

/**
 * Records a connection's run of the mover: its time, and either its success or why it failed (the last success is
 * kept through failures). Unguarded: runs follow each other, and the latest one is what is asked.
 */
export async function recordMoverRun(
  db: Db,
  run: { organizationId: string; currency: 'EUR' | 'USD'; at: Date; error?: string | undefined },
): Promise<void> {
  const at = run.at.toISOString();
  await db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: keys.moverRun(run.organizationId, run.currency),
      UpdateExpression:
        run.error === undefined
          ? 'SET entity = :entity, organizationId = :org, currency = :currency, lastRunAt = :at, lastSucceededAt = :at REMOVE lastError'
          : 'SET entity = :entity, organizationId = :org, currency = :currency, lastRunAt = :at, lastError = :error',
      ExpressionAttributeValues: {
        ':entity': 'BANKMOVERRUN',
        ':org': run.organizationId,
        ':currency': run.currency,
        ':at': at,
        ...(run.error === undefined ? {} : { ':error': run.error.slice(0, 1000) }),
      },
    }),
  );
}

/** Every connection's last run (one partition: a deployment has a handful of connections). */
export const listMoverRuns = (db: Db) =>
  queryAll(db, { partition: keys.moverRuns().pk, consistent: true }, fieldsOf(MoverRunSchema));
