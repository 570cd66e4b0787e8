import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '#shared/db/client.ts';
import type { TransactItem } from '#shared/db/guarded-write.ts';
import { readItem } from '#shared/db/items.ts';
import { keys, type TimerKind } from '#shared/db/keys.ts';
import { type Page, queryListPage } from '#shared/db/pagination.ts';
import { queryPage, queryTimers } from '#shared/db/query.ts';
import { eventPut } from '#shared/events/outbox.ts';
import { pendingTimer } from '#shared/transactions/lifecycle.ts';
import type { IdempotencyRecord } from '#shared/transactions/records.ts';
import { type TransactionRecord, TransactionRecordSchema } from '#shared/transactions/records.ts';
import type { TransactionStatus, TransactionType } from '#shared/transactions/schemas.ts';
import * as z from '#shared/validation/zod.ts';

const TRANSACTION_ATTRIBUTES = Object.keys(TransactionRecordSchema.shape);

export const parseTransaction = (item: Record<string, unknown>): TransactionRecord =>
  TransactionRecordSchema.parse(Object.fromEntries(TRANSACTION_ATTRIBUTES.map((name) => [name, item[name]])));

const PointerSchema = z.object({ organizationId: z.string(), customerId: z.string(), transactionId: z.string() });
export type TransactionPointer = z.infer<typeof PointerSchema>;

/** The stored item: the record, its key, its list entry, and its timer entry while it waits for a deadline. */
function transactionItem(record: TransactionRecord) {
  const { organizationId, customerId, transactionId, createdAt } = record;
  const timer = pendingTimer(record);
  return {
    ...keys.transaction(organizationId, customerId, transactionId),
    ...keys.transactionListEntry(organizationId, customerId, createdAt, transactionId),
    ...keys.transactionOrganizationEntry(organizationId, createdAt, transactionId),
    ...(timer ? keys.withdrawalTimer(timer.kind, transactionId, timer.dueAt) : {}),
    entity: 'TRANSACTION',
    ...record,
  };
}

// Items of a create's transaction.

export const transactionWrites = {
  insert: (db: Db, record: TransactionRecord): TransactItem => ({
    Put: {
      TableName: db.tableName,
      Item: transactionItem(record),
      // A fresh id never exists; the guard keeps a retried write from overwriting a transaction.
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  }),
  /** The whole new state, replacing the one it was computed from. */
  replace: (db: Db, previous: TransactionRecord, next: TransactionRecord): TransactItem => ({
    Put: {
      TableName: db.tableName,
      Item: transactionItem(next),
      // Only from the status and version we read: of two racing transitions exactly one wins.
      ConditionExpression: '#status = :status AND version = :version',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': previous.status, ':version': previous.version },
    },
  }),
  pointer: (db: Db, record: TransactionRecord): TransactItem => ({
    Put: {
      TableName: db.tableName,
      Item: {
        ...keys.transactionPointer(record.organizationId, record.transactionId),
        ...keys.transactionPointerLookup(record.transactionId),
        entity: 'TXPOINTER',
        organizationId: record.organizationId,
        customerId: record.customerId,
        transactionId: record.transactionId,
      },
      // Written once, with the transaction it points to.
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  }),
  reference: (db: Db, record: TransactionRecord): TransactItem => ({
    Put: {
      TableName: db.tableName,
      Item: {
        ...keys.transactionReference(record.reference),
        entity: 'TXREFERENCE',
        organizationId: record.organizationId,
        customerId: record.customerId,
        transactionId: record.transactionId,
      },
      // References are unique: a drawn reference that is taken is drawn again.
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  }),
  idempotency: (db: Db, record: IdempotencyRecord): TransactItem => ({
    Put: {
      TableName: db.tableName,
      Item: {
        ...keys.idempotencyRecord(record.organizationId, record.idempotencyKey),
        entity: 'IDEMPOTENCY',
        ...record,
      },
      // One transaction per key: of concurrent creates with one key exactly one writes it, the rest replay.
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  }),
  event: eventPut,
};

// Reads.

export function getTransactionOfCustomer(
  db: Db,
  organizationId: string,
  customerId: string,
  transactionId: string,
): Promise<TransactionRecord | undefined> {
  return readItem(db, keys.transaction(organizationId, customerId, transactionId), parseTransaction);
}

/** The customer a transaction of this organization belongs to; another organization's transaction is not found. */
export function findTransactionPointer(db: Db, organizationId: string, transactionId: string) {
  return readItem(db, keys.transactionPointer(organizationId, transactionId), (item) => PointerSchema.parse(item));
}

/** Operator path: a transaction by its id alone, through the pointer's gsi1 entry. */
export async function findTransactionPointerById(db: Db, transactionId: string) {
  const { items } = await queryPage(db, {
    index: 'gsi1',
    partition: keys.transactionPointerLookup(transactionId).gsi1pk,
  });
  const [first] = items;
  return first ? PointerSchema.parse(first) : undefined;
}

export function listTransactionsOfCustomer(
  db: Db,
  organizationId: string,
  customerId: string,
  query: { limit: number; cursor?: string | undefined; type?: TransactionType; status?: TransactionStatus },
): Promise<Page<TransactionRecord>> {
  return queryListPage(db, {
    partition: keys.transactionsOfCustomer(organizationId, customerId).gsi1pk,
    limit: query.limit,
    cursor: query.cursor,
    parse: parseTransaction,
    filter: transactionFilter(query),
  });
}

/**
 * Adds the organization-wide list entry (gsi3) to a transaction stored before that index existed; false when it
 * already has one (every transaction written since carries it) or is gone.
 */
export async function addOrganizationEntry(db: Db, record: TransactionRecord): Promise<boolean> {
  const { organizationId, customerId, transactionId, createdAt } = record;
  const entry = keys.transactionOrganizationEntry(organizationId, createdAt, transactionId);
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.transaction(organizationId, customerId, transactionId),
        UpdateExpression: 'SET gsi3pk = :pk, gsi3sk = :sk',
        // Only to a stored transaction without one: a concurrent transition writes the same entry.
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(gsi3pk)',
        ExpressionAttributeValues: { ':pk': entry.gsi3pk, ':sk': entry.gsi3sk },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The list filters as a FilterExpression (the key condition names the list). */
function transactionFilter(query: {
  type?: TransactionType | undefined;
  status?: TransactionStatus | undefined;
  customerId?: string | undefined;
}) {
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (query.type) {
    conditions.push('#type = :type');
    names['#type'] = 'type';
    values[':type'] = query.type;
  }
  if (query.status) {
    conditions.push('#status = :status');
    names['#status'] = 'status';
    values[':status'] = query.status;
  }
  if (query.customerId) {
    conditions.push('#customerId = :customerId');
    names['#customerId'] = 'customerId';
    values[':customerId'] = query.customerId;
  }
  return conditions.length ? { expression: conditions.join(' AND '), names, values } : undefined;
}

/**
 * The organization's transactions across its customers, newest first (gsi3), optionally of one type, status or
 * customer, created in `[from, to)` (the index's sort key bounds the read), and matching `matches` (in code).
 */
export function listTransactionsOfOrganization(
  db: Db,
  organizationId: string,
  query: {
    limit: number;
    cursor?: string | undefined;
    type?: TransactionType | undefined;
    status?: TransactionStatus | undefined;
    customerId?: string | undefined;
    createdBetween?: { from: string; to: string } | undefined;
    matches?: ((record: TransactionRecord) => boolean) | undefined;
  },
): Promise<Page<TransactionRecord>> {
  return queryListPage(db, {
    index: 'gsi3',
    partition: keys.transactionsOfOrganization(organizationId).gsi3pk,
    sortKeyRange: query.createdBetween,
    limit: query.limit,
    cursor: query.cursor,
    parse: parseTransaction,
    filter: transactionFilter(query),
    matches: query.matches,
  });
}

/**
 * Up to `limit` transactions whose `kind` deadline has passed, across the timer shards, oldest due first per
 * shard. The index is eventually consistent: callers re-read each transaction and transition it conditionally.
 */
export function queryDueTransactions(db: Db, kind: TimerKind, now: Date, limit: number) {
  return queryTimers(db, { kind, dueBy: now, limit, take: parseTransaction });
}

/**
 * An organization's withdrawals awaiting signatures (PROPOSED, PARTIALLY_SIGNED), oldest expiry first. These are
 * exactly the items with an expiry timer, so the sparse gsi2 holds them all; the query filters the organization's
 * own (the index spans every organization, so the cost grows with all pending withdrawals, which expire within
 * `WITHDRAWAL_EXPIRY_S`). The index is eventually consistent: the console re-reads a withdrawal before signing.
 */
export async function listAwaitingSignaturesOfOrganization(
  db: Db,
  organizationId: string,
  limit: number,
  /** Only the payouts of this withdrawal batch. */
  batchId?: string,
) {
  const found = await queryTimers(db, {
    kind: 'EXPIRE',
    filter: {
      expression: `organizationId = :org AND #status IN (:proposed, :partial)${batchId ? ' AND batchId = :batch' : ''}`,
      names: { '#status': 'status' },
      values: {
        ':org': organizationId,
        ':proposed': 'PROPOSED',
        ':partial': 'PARTIALLY_SIGNED',
        ...(batchId ? { ':batch': batchId } : {}),
      },
    },
    limit,
    perShard: true,
    take: parseTransaction,
  });
  return found.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).slice(0, limit);
}
