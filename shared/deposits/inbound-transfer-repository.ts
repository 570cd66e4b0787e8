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
        ...keys.inboundTransfer(transfer.organizationId, transfer.chain, transfer.txHash),
        entity: 'INBOUND',
        ...transfer,
      },
      // One transfer, one transaction: whoever records it first wins, every later report replays.
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export function getInboundTransfer(
  db: Db,
  organizationId: string,
  chain: string,
  txHash: string,
): Promise<InboundTransfer | undefined> {
  return readItem(db, keys.inboundTransfer(organizationId, chain, txHash), (item) =>
    InboundTransferSchema.parse(Object.fromEntries(ATTRIBUTES.map((name) => [name, item[name]]))),
  );
}
