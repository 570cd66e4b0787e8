import type { Db } from '#shared/db/client.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import { keys } from '#shared/db/keys.ts';
import { micro } from '#shared/ledger/balance-repository.ts';
import { ChainSchema } from '#shared/money/chains.ts';
import { MicroSchema } from '#shared/money/micro.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * Custody's entry in the credit of a deposit (issue 24): a transfer credited to a forwarder address is written in
 * the same transaction as a `SWEEPDUE` item (what the chain's sweeper has to move to the organization's treasury)
 * and added to the organization's `credited` custody total, so credited = swept + awaiting sweep holds at every
 * instant (`shared/custody/README.md`). Addresses derived from the xpub get neither: their funds are moved by hand.
 */
export const SweepDueSchema = z.object({
  chain: ChainSchema,
  organizationId: z.string(),
  /** The forwarder's address (checksummed), its treasury and its CREATE2 salt. */
  address: z.string(),
  treasury: z.string(),
  salt: z.string(),
  txHash: z.string(),
  logIndex: z.number().check(z.int(), z.gte(0)),
  amountMicro: MicroSchema,
  creditedAt: z.string(),
});
export type SweepDue = z.infer<typeof SweepDueSchema>;

export function sweepDueWrites(db: Db, due: SweepDue): GuardedItem<'sweepDue' | 'custodyTotals'>[] {
  const { amountMicro, ...rest } = due;
  return [
    {
      role: 'sweepDue',
      item: {
        Put: {
          TableName: db.tableName,
          Item: {
            ...keys.sweepDue(due.chain, due.address, due.txHash, due.logIndex),
            entity: 'SWEEPDUE',
            ...rest,
            amountMicro: micro(amountMicro),
          },
          // Written with the inbound-transfer item, which already makes the transfer count once.
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    {
      role: 'custodyTotals',
      item: {
        Update: {
          TableName: db.tableName,
          Key: keys.custodyTotals(due.organizationId, due.chain),
          UpdateExpression:
            'ADD creditedMicro :amount SET entity = :entity, organizationId = :org, chain = :chain, updatedAt = :now',
          ExpressionAttributeValues: {
            ':amount': micro(amountMicro),
            ':entity': 'CUSTODYTOTALS',
            ':org': due.organizationId,
            ':chain': due.chain,
            ':now': due.creditedAt,
          },
        },
      },
    },
  ];
}
