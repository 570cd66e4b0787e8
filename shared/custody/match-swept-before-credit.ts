import type { SweptBeforeCredit } from '#shared/custody/records.ts';
import type { RelayerChain } from '#shared/custody/relayer-chain.ts';
import { listSweptBeforeCredit, sweepDueDelete, sweptBeforeCreditTake } from '#shared/custody/sweep-repository.ts';
import { WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import { custodyTotalsAdd, type SweepDue } from '#shared/deposits/sweep-due.ts';
import type { Deps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import type { Chain } from '#shared/money/chains.ts';

/** One transaction: the take, the organization's totals and at most 98 due items. */
const MAX_DUES_PER_MATCH = 98;

/**
 * A deposit mined between a sweep's balance check and its block leaves with that sweep (a flush moves the
 * forwarder's whole balance) before the watcher credits it. The sweep's record keeps what it moved beyond its
 * deposits and where (`SWEPTBEFORECREDIT`); once such a deposit is credited, its due item is matched here: a due whose
 * transfer precedes that flush on chain counts as swept, in one transaction that deletes it, takes its amount off
 * the forwarder's swept-before-credit amount (guarded, so concurrent sweepers match it once) and moves the amount from
 * the organization's `sweptBeforeCredit` total to its `swept` total. Returns the deposits matched.
 */
export async function matchSweptBeforeCredit(
  deps: Deps,
  port: RelayerChain,
  chain: Chain,
  dues: readonly SweepDue[],
): Promise<number> {
  let matched = 0;
  for (const moved of await listSweptBeforeCredit(deps.db, chain)) {
    const candidates = dues.filter((due) => due.address.toLowerCase() === moved.address.toLowerCase());
    const preceding: SweepDue[] = [];
    for (const due of candidates) {
      if (preceding.length >= MAX_DUES_PER_MATCH) break;
      if (await precedesFlush(port, due, moved)) preceding.push(due);
    }
    const amount = preceding.reduce((sum, due) => sum + due.amountMicro, 0n);
    if (preceding.length === 0) continue;
    if (amount > moved.amountMicro) {
      // More credited before the flush than it moved beyond its deposits: the books disagree, and say so.
      log.error('sweeper: deposits credited before a flush exceed what it moved; left due', {
        chain,
        address: moved.address,
        moved: `${moved.amountMicro}`,
        credited: `${amount}`,
      });
      continue;
    }
    try {
      await writeGuarded(deps.db, [
        sweptBeforeCreditTake(deps.db, moved, amount),
        custodyTotalsAdd(
          deps.db,
          { organizationId: moved.organizationId, chain, now: deps.clock.now().toISOString() },
          { sweptMicro: amount, sweptBeforeCreditMicro: -amount },
        ),
        ...preceding.map((due) => sweepDueDelete(deps.db, chain, due.address, due)),
      ]);
      matched += preceding.length;
    } catch (error) {
      // Another sweeper matched them first.
      if (!(error instanceof WriteConditionFailedError)) throw error;
    }
  }
  return matched;
}

/** The transfer's block and block-wide log index come before the flush's: it was in the balance the flush moved. */
async function precedesFlush(port: RelayerChain, due: SweepDue, moved: SweptBeforeCredit): Promise<boolean> {
  const receipt = await port.receipt(due.txHash);
  if (!receipt) return false;
  const flushBlock = BigInt(moved.sweptThroughBlock);
  if (receipt.blockNumber !== flushBlock) return receipt.blockNumber < flushBlock;
  return due.logIndex < moved.sweptThroughLogIndex;
}
