import * as z from 'zod';
import type { Db } from '#shared/db/client.ts';
import { readItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';

/**
 * The record that an on-chain transfer (chain + transaction hash) was processed, and into which transaction. It is
 * put with `attribute_not_exists` in the same TransactWriteItems as that transaction, so a transfer reported twice,
 * or by twenty concurrent watchers, is recorded once; the others find this item and answer with its transaction.
 */
export const InboundTransferSchema = z.object({
  organizationId: z.string(),
  chain: z.string(),
  txHash: z.string(),
  address: z.string(),
  amount: z.string(),
  customerId: z.string(),
  transactionId: z.string(),
  receivedAt: z.string(),
});
export type InboundTransfer = z.infer<typeof InboundTransferSchema>;

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
