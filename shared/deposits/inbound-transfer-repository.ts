import type { Db } from '#shared/db/client.ts';
import { readItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import type { InboundTransfer } from '#shared/deposits/records.ts';
import { InboundTransferSchema } from '#shared/deposits/records.ts';

const ATTRIBUTES = Object.keys(InboundTransferSchema.shape);

export function inboundTransferPut(db: Db, transfer: InboundTransfer) {
  return {
    Put: {
      TableName: db.tableName,
      Item: {
        ...keys.inboundTransfer(transfer.chain, transfer.txHash, transfer.logIndex),
        entity: 'INBOUND',
        ...transfer,
      },
      // One transfer, one transaction: whoever records it first wins, every later report replays.
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The record of one transfer (one log of one transaction), whichever organization it was credited to. */
export function getInboundTransfer(
  db: Db,
  transfer: { chain: string; txHash: string; logIndex: number },
): Promise<InboundTransfer | undefined> {
  return readItem(db, keys.inboundTransfer(transfer.chain, transfer.txHash, transfer.logIndex), (item) =>
    InboundTransferSchema.parse(Object.fromEntries(ATTRIBUTES.map((name) => [name, item[name]]))),
  );
}
