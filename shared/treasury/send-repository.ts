import type { Db } from '#shared/db/client.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import { readItem, type StoredItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { queryAll } from '#shared/db/query.ts';
import type { Chain } from '#shared/money/chains.ts';
import { type TreasurySendRecord, TreasurySendRecordSchema } from '#shared/treasury/records.ts';

const ATTRIBUTES = Object.keys(TreasurySendRecordSchema.shape);

export const parseSend = (item: StoredItem): TreasurySendRecord =>
  TreasurySendRecordSchema.parse(Object.fromEntries(ATTRIBUTES.map((name) => [name, item[name]])));

/** The stored item: amounts as strings, and the one gsi1 entry the send's state lists it under (open, unchecked). */
function sendItem(send: TreasurySendRecord): StoredItem {
  const listed =
    send.status !== 'MINED'
      ? keys.treasurySendOpen(send.chain, send.createdAt, send.sendId)
      : send.treasuryCheck === null && send.blockNumber !== null
        ? keys.treasurySendUnchecked(send.chain, BigInt(send.blockNumber), send.sendId)
        : {};
  return {
    ...keys.treasurySend(send.organizationId, send.sendId),
    entity: 'TREASURYSEND',
    ...send,
    amountMicro: `${send.amountMicro}`,
    ...listed,
  };
}

/** A new send: its id is fresh, so the guard only refuses a replayed id. */
export function sendInsert(db: Db, send: TreasurySendRecord): GuardedItem<'send'> {
  return {
    role: 'send',
    item: { Put: { TableName: db.tableName, Item: sendItem(send), ConditionExpression: 'attribute_not_exists(pk)' } },
  };
}

/** The send as it changes: only from the status and version read, so of two runners exactly one records a change. */
export function sendReplace(db: Db, previous: TreasurySendRecord, next: TreasurySendRecord): GuardedItem<'send'> {
  return {
    role: 'send',
    item: {
      Put: {
        TableName: db.tableName,
        Item: sendItem(next),
        ConditionExpression: '#status = :status AND version = :version',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': previous.status, ':version': previous.version },
      },
    },
  };
}

export const getSend = (db: Db, organizationId: string, sendId: string) =>
  readItem(db, keys.treasurySend(organizationId, sendId), parseSend);

/** The sends of a chain not yet mined, oldest first (the index is eventually consistent: each is read again). */
export async function listOpenSends(db: Db, chain: Chain, max = 50): Promise<TreasurySendRecord[]> {
  const listed = await queryAll(
    db,
    { index: 'gsi1', partition: keys.treasurySendsOpenOfChain(chain).gsi1pk },
    (item) => ({ organizationId: String(item.organizationId), sendId: String(item.sendId) }),
    { max },
  );
  const sends = await Promise.all(listed.map((entry) => getSend(db, entry.organizationId, entry.sendId)));
  return sends.filter((send): send is TreasurySendRecord => send !== undefined && send.status !== 'MINED');
}

/** Mined sends whose treasury movement is not checked yet, lowest block first. */
export async function listUncheckedSends(db: Db, chain: Chain, max = 10): Promise<TreasurySendRecord[]> {
  const listed = await queryAll(
    db,
    { index: 'gsi1', partition: keys.treasurySendsUncheckedOfChain(chain).gsi1pk },
    (item) => ({ organizationId: String(item.organizationId), sendId: String(item.sendId) }),
    { max },
  );
  const sends = await Promise.all(listed.map((entry) => getSend(db, entry.organizationId, entry.sendId)));
  return sends.filter((send): send is TreasurySendRecord => send?.status === 'MINED' && send.treasuryCheck === null);
}

/** An organization's sends (in id order: random, so callers sort by `createdAt`). */
export const listSendsOfOrganization = (db: Db, organizationId: string) => {
  const { pk, skPrefix } = keys.treasurySendsOfOrganization(organizationId);
  return queryAll(db, { partition: pk, sortKey: { beginsWith: skPrefix }, consistent: true }, parseSend);
};
