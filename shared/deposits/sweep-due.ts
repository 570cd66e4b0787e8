import type { Db } from '#shared/db/client.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import { keys } from '#shared/db/keys.ts';
import { micro } from '#shared/ledger/balance-repository.ts';
import { type Chain, ChainSchema } from '#shared/money/chains.ts';
import { MicroSchema } from '#shared/money/micro.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * Custody's entry in the credit of a deposit: a transfer credited to a forwarder address is written in
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
    custodyTotalsAdd(
      db,
      { organizationId: due.organizationId, chain: due.chain, now: due.creditedAt },
      {
        creditedMicro: amountMicro,
      },
    ),
  ];
}

/** The amounts an organization's custody totals on a chain count (`shared/custody/records.ts`). */
export type CustodyTotalsChange = Partial<Record<'creditedMicro' | 'sweptMicro' | 'sweptBeforeCreditMicro', bigint>>;

/**
 * The one write of an organization's custody totals on a chain: the credit adds to `credited`, a sweep's record to
 * `swept` and `sweptBeforeCredit`, a match moves an amount from `sweptBeforeCredit` to `swept`. The item is listed
 * under its chain (gsi1), so the chain's sweeper finds every organization whose books it checks.
 */
export function custodyTotalsAdd(
  db: Db,
  at: { organizationId: string; chain: Chain; now: string },
  change: CustodyTotalsChange,
): GuardedItem<'custodyTotals'> {
  const added = Object.entries(change).filter(([, amount]) => amount !== undefined && amount !== 0n);
  const values = Object.fromEntries(added.map(([name, amount]) => [`:${name}`, micro(amount as bigint)]));
  const adds = added.map(([name]) => `${name} :${name}`);
  return {
    role: 'custodyTotals',
    item: {
      Update: {
        TableName: db.tableName,
        Key: keys.custodyTotals(at.organizationId, at.chain),
        UpdateExpression: `${adds.length > 0 ? `ADD ${adds.join(', ')} ` : ''}SET entity = :entity, organizationId = :org, chain = :chain, updatedAt = :now, gsi1pk = :listPk, gsi1sk = :listSk`,
        ExpressionAttributeValues: {
          ...values,
          ':entity': 'CUSTODYTOTALS',
          ':org': at.organizationId,
          ':chain': at.chain,
          ':now': at.now,
          ':listPk': keys.custodyTotalsListed(at.organizationId, at.chain).gsi1pk,
          ':listSk': keys.custodyTotalsListed(at.organizationId, at.chain).gsi1sk,
        },
      },
    },
  };
}
