import type { SweepRecord } from '#shared/custody/records.ts';
import type { RelayerChain } from '#shared/custody/relayer-chain.ts';
import { recentSweeps } from '#shared/custody/sweep-repository.ts';
import { WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import type { Chain } from '#shared/money/chains.ts';
import type { TreasurySendRecord } from '#shared/treasury/records.ts';
import { listUncheckedSends, sendReplace } from '#shared/treasury/send-repository.ts';

/** A treasury whose balance over a send's block did not move by the recorded sweeps in and sends out. */
export type SendTreasuryDisagreement = {
  sendId: string;
  treasury: string;
  blockNumber: string;
  expectedMicro: string;
  actualMicro: string;
};

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The custody books' third check, per block with a mined send: the treasury's `balanceOf` at the block minus at the
 * block before equals, to the unit, what the table records as swept into it in that block (`movedToTreasuries` of
 * the sweeps mined there) minus the sends recorded out of it there, plus every other USDC transfer into or out of it
 * in that block (`eth_getLogs`). Each mined send is checked once (its verdict written into its record, which drops it
 * from the unchecked list), at most `max` per run, lowest block first.
 */
export async function checkSendTreasuries(
  deps: Deps,
  port: RelayerChain,
  settings: { chain: Chain; usdcAddress: string },
  max = 10,
): Promise<SendTreasuryDisagreement[]> {
  const unchecked = await listUncheckedSends(deps.db, settings.chain, max);
  if (unchecked.length === 0) return [];
  const sweeps = await recentSweeps(deps.db, settings.chain, 100);
  const disagreements: SendTreasuryDisagreement[] = [];
  for (const send of unchecked) {
    const verdict = await check(port, settings, send, unchecked, sweeps);
    if (!verdict.agrees) {
      log.error('treasury send: the treasury did not move by the sweeps and sends recorded in its block', {
        chain: settings.chain,
        ...verdict.figures,
      });
      disagreements.push(verdict.figures);
    }
    const next: TreasurySendRecord = {
      ...send,
      version: send.version + 1,
      updatedAt: deps.clock.now().toISOString(),
      treasuryCheck: {
        checkedAt: deps.clock.now().toISOString(),
        agrees: verdict.agrees,
        expectedMicro: verdict.figures.expectedMicro,
        actualMicro: verdict.figures.actualMicro,
      },
    };
    try {
      await writeGuarded(deps.db, [sendReplace(deps.db, send, next)]);
    } catch (error) {
      // Another run wrote its verdict first: the same figures, counted there.
      if (!(error instanceof WriteConditionFailedError)) throw error;
    }
  }
  return disagreements;
}

async function check(
  port: RelayerChain,
  settings: { usdcAddress: string },
  send: TreasurySendRecord,
  sends: readonly TreasurySendRecord[],
  sweeps: readonly SweepRecord[],
) {
  const block = BigInt(send.blockNumber ?? '0');
  const treasury = send.treasury;
  const [after, before, transfers] = await Promise.all([
    port.tokenBalance(settings.usdcAddress, treasury, block),
    port.tokenBalance(settings.usdcAddress, treasury, block - 1n),
    port.tokenTransfers(settings.usdcAddress, treasury, block),
  ]);
  const sentHere = sends.filter((s) => s.blockNumber === send.blockNumber && same(s.treasury, treasury));
  const sweptHere = sweeps.filter((s) => s.status === 'MINED' && s.blockNumber === send.blockNumber);
  const ours = new Set([...sentHere, ...sweptHere].map((s) => (s.txHash ?? '').toLowerCase()));
  const sentOut = sentHere.reduce((sum, s) => sum + s.amountMicro, 0n);
  const sweptIn = sweptHere
    .flatMap((s) => s.movedToTreasuries)
    .filter((moved) => same(moved.treasury, treasury))
    .reduce((sum, moved) => sum + moved.movedMicro, 0n);
  const other = transfers
    .filter((t) => !ours.has(t.txHash.toLowerCase()))
    .reduce((sum, t) => sum + (same(t.to, treasury) ? t.amount : 0n) - (same(t.from, treasury) ? t.amount : 0n), 0n);
  const expected = sweptIn - sentOut + other;
  const actual = after - before;
  return {
    agrees: expected === actual,
    figures: {
      sendId: send.sendId,
      treasury,
      blockNumber: `${block}`,
      expectedMicro: `${expected}`,
      actualMicro: `${actual}`,
    },
  };
}
