import type { SweepRecord, TreasuryCheck } from '#shared/custody/records.ts';
import type { RelayerChain } from '#shared/custody/relayer-chain.ts';
import { listUncheckedSweeps, sweepTreasuryChecked } from '#shared/custody/sweep-repository.ts';
import { WriteConflictError } from '#shared/db/errors.ts';
import { WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import type { Chain } from '#shared/money/chains.ts';
import { formatMicro } from '#shared/money/micro.ts';
import { toChecksumAddress } from '#shared/rails/chain/address.ts';

/** A mined sweep after which a treasury's USDC did not move by what the sweep recorded (USDC strings). */
export type SweepTreasuryDisagreement = {
  nonce: string;
  txHash: string;
  blockNumber: string;
  treasury: string;
  /** Recorded as moved there by the sweep, plus every other transfer into or out of it in the same block. */
  expectedDelta: string;
  /** Its balance at the end of the sweep's block minus its balance at the end of the block before. */
  actualDelta: string;
  /** The other transfers' share of the expected delta. */
  otherTransfersDelta: string;
};

/**
 * Mined sweeps checked per run: each costs the chain two balance reads and two log reads per treasury, and the
 * sweeper sends at most one sweep per run, so unchecked ones never pile up.
 */
const SWEEPS_PER_RUN = 10;

/**
 * The exact half of the treasury reconciliation: a treasury's USDC moves, over a sweep's block, by exactly
 * what the sweep recorded as moved there plus the block's other transfers into and out of it (those of the sweep's
 * own transaction are what it recorded). Each mined sweep is checked once and its verdict written into its record
 * with a guarded write that removes it from the unchecked list, so old blocks are never read again and a crash
 * leaves only unmarked sweeps to check. Returns the treasuries that disagree, of the sweeps this run checked.
 */
export async function checkSweepTreasuries(
  deps: Deps,
  port: RelayerChain,
  settings: { chain: Chain; usdcAddress: string },
): Promise<SweepTreasuryDisagreement[]> {
  const disagreements: SweepTreasuryDisagreement[] = [];
  for (const sweep of await listUncheckedSweeps(deps.db, settings.chain, SWEEPS_PER_RUN)) {
    const check = await checkSweep(deps, port, settings.usdcAddress, sweep);
    try {
      await writeGuarded(deps.db, [sweepTreasuryChecked(deps.db, sweep, check)]);
    } catch (error) {
      // Another sweeper checked it first: its verdict is the one recorded and reported. A conflict is another
      // sweeper writing it at this moment; should that write fail, the sweep stays listed for the next run.
      if (error instanceof WriteConditionFailedError && error.role === 'treasuryCheck') continue;
      if (error instanceof WriteConflictError) continue;
      throw error;
    }
    for (const entry of check.treasuries) {
      if (entry.actualMicro === entry.expectedMicro) continue;
      disagreements.push({
        nonce: sweep.nonce,
        txHash: sweep.txHash,
        blockNumber: sweep.blockNumber ?? '',
        treasury: entry.treasury,
        expectedDelta: formatMicro(entry.expectedMicro),
        actualDelta: formatMicro(entry.actualMicro),
        otherTransfersDelta: formatMicro(entry.otherMicro),
      });
    }
  }
  return disagreements;
}

async function checkSweep(
  deps: Deps,
  port: RelayerChain,
  usdcAddress: string,
  sweep: SweepRecord,
): Promise<TreasuryCheck> {
  const block = BigInt(sweep.blockNumber ?? '0');
  // Every treasury the sweep was meant to reach, even one its logs show nothing moved to.
  const recorded = new Map<string, bigint>();
  for (const forwarder of sweep.forwarders) recorded.set(forwarder.treasury.toLowerCase(), 0n);
  for (const moved of sweep.movedToTreasuries) {
    const key = moved.treasury.toLowerCase();
    recorded.set(key, (recorded.get(key) ?? 0n) + moved.movedMicro);
  }
  const treasuries: TreasuryCheck['treasuries'] = [];
  for (const [treasury, movedMicro] of recorded) {
    const [after, before, transfers] = await Promise.all([
      port.tokenBalance(usdcAddress, treasury, block),
      port.tokenBalance(usdcAddress, treasury, block - 1n),
      port.tokenTransfers(usdcAddress, treasury, block),
    ]);
    let otherMicro = 0n;
    for (const transfer of transfers) {
      if (transfer.txHash.toLowerCase() === sweep.txHash.toLowerCase()) continue;
      if (transfer.to.toLowerCase() === treasury) otherMicro += transfer.amount;
      if (transfer.from.toLowerCase() === treasury) otherMicro -= transfer.amount;
    }
    treasuries.push({
      treasury: toChecksumAddress(treasury),
      expectedMicro: movedMicro + otherMicro,
      actualMicro: after - before,
      otherMicro,
    });
  }
  return {
    checkedAt: deps.clock.now().toISOString(),
    agrees: treasuries.every((entry) => entry.actualMicro === entry.expectedMicro),
    treasuries,
  };
}
