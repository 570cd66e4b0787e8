import { CustodyTotalsSchema } from '#shared/custody/records.ts';
import { listSweepsDue } from '#shared/custody/sweep-repository.ts';
import { keys } from '#shared/db/keys.ts';
import { queryAll } from '#shared/db/query.ts';
import type { Deps } from '#shared/deps.ts';
import type { Chain } from '#shared/money/chains.ts';
import { formatMicro } from '#shared/money/micro.ts';

export type ChainReconciliation = {
  chain: Chain;
  /** USDC credited to the organization's forwarders, swept to its treasury, and credited but not yet swept. */
  credited: string;
  swept: string;
  /** Moved to the treasury by a sweep before its deposit was credited; counts as swept once credited and matched. */
  sweptBeforeCredit: string;
  awaitingSweep: string;
  /** credited = swept + awaiting sweep. */
  balanced: boolean;
};

/**
 * Custody's books of one organization, per chain: what its forwarders were credited, what the sweeps moved to its
 * treasury of those credits (from the factory's `Flushed` logs of each mined sweep), and what is still due; apart,
 * what sweeps moved before its credit. They balance unless an item was lost or a record disagrees with the chain.
 */
export async function reconcileCustody(deps: Deps, organizationId: string): Promise<ChainReconciliation[]> {
  const { pk, skPrefix } = keys.custodyTotalsOfOrganization(organizationId);
  const totals = await queryAll(
    deps.db,
    { partition: pk, sortKey: { beginsWith: skPrefix }, consistent: true },
    (item) =>
      CustodyTotalsSchema.parse({
        organizationId: item.organizationId,
        chain: item.chain,
        creditedMicro: item.creditedMicro,
        sweptMicro: item.sweptMicro,
        sweptBeforeCreditMicro: item.sweptBeforeCreditMicro,
      }),
  );
  return Promise.all(
    totals.map(async (total) => {
      const awaiting = (await listSweepsDue(deps.db, total.chain))
        .filter((due) => due.organizationId === organizationId)
        .reduce((sum, due) => sum + due.amountMicro, 0n);
      return {
        chain: total.chain,
        credited: formatMicro(total.creditedMicro),
        swept: formatMicro(total.sweptMicro),
        sweptBeforeCredit: formatMicro(total.sweptBeforeCreditMicro),
        awaitingSweep: formatMicro(awaiting),
        balanced: total.creditedMicro === total.sweptMicro + awaiting,
      };
    }),
  );
}
