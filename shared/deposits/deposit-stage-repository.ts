import type { Db } from '#shared/db/client.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import { readItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { queryAll } from '#shared/db/query.ts';
import { type DepositStage, DepositStageSchema, type DepositStageStatus } from '#shared/deposits/records.ts';
import { eventPut, eventRecord } from '#shared/events/outbox.ts';
import type { Chain } from '#shared/money/chains.ts';

const ATTRIBUTES = Object.keys(DepositStageSchema.shape);
const parse = (item: Record<string, unknown>) =>
  DepositStageSchema.parse(Object.fromEntries(ATTRIBUTES.map((name) => [name, item[name]])));

type Transfer = { chain: string; txHash: string; logIndex: number };

export function getDepositStage(db: Db, transfer: Transfer): Promise<DepositStage | undefined> {
  return readItem(db, keys.depositStage(transfer.chain, transfer.txHash, transfer.logIndex), parse);
}

/** The deposits of `chain` seen and neither confirmed nor failed yet (one partition, paged through). */
export function listPendingDeposits(db: Db, chain: Chain): Promise<DepositStage[]> {
  return queryAll(db, { partition: keys.depositsPending(chain).pk, consistent: true }, parse);
}

type StageRole = 'stage' | 'pending' | 'stageEvent';

/**
 * The writes of one stage change, each to go in the transaction that causes it: the stage item (guarded on the
 * status it was read with, or on its absence, so each stage is written once however often the watcher reads the
 * transfer), the pending-list entry (put while PROCESSING, deleted after) and `deposit.status_changed`.
 */
export function depositStageWrites(
  db: Db,
  next: DepositStage,
  previous: DepositStageStatus | null,
  now: Date,
): GuardedItem<StageRole>[] {
  const stageKey = keys.depositStage(next.chain, next.txHash, next.logIndex);
  const pendingKey = keys.depositPending(next.chain, next.txHash, next.logIndex);
  const guard =
    previous === null
      ? { ConditionExpression: 'attribute_not_exists(pk)' }
      : {
          ConditionExpression: '#status = :previous',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':previous': previous },
        };
  const event = eventRecord({
    organizationId: next.organizationId,
    type: 'deposit.status_changed',
    data: {
      transaction_id: next.transactionId,
      customer_id: next.customerId,
      status: next.status,
      previous_status: previous,
      ...(next.status === 'FAILED' ? { failure_reason: 'The transfer was removed by a chain reorganization' } : {}),
      chain: next.chain,
      tx_hash: next.txHash,
      log_index: next.logIndex,
      amount: next.amount,
      wallet_address: next.address,
    },
    now,
  });
  return [
    {
      role: 'stage',
      item: { Put: { TableName: db.tableName, Item: { ...stageKey, entity: 'DEPOSITSTAGE', ...next }, ...guard } },
    },
    next.status === 'PROCESSING'
      ? {
          role: 'pending',
          item: { Put: { TableName: db.tableName, Item: { ...pendingKey, entity: 'DEPOSITPENDING', ...next } } },
        }
      : { role: 'pending', item: { Delete: { TableName: db.tableName, Key: pendingKey } } },
    // A credit of a transfer never sighted is announced by its transaction's creation event alone: it had no stage
    // to change from (the sandbox route, a watcher that first reads it past its confirmations).
    ...(previous === null && next.status !== 'PROCESSING'
      ? []
      : [{ role: 'stageEvent' as const, item: eventPut(db, event) }]),
  ];
}
