import { chainRpcConfig } from '#shared/config/chain-rpc.ts';
import { reconcileCustody } from '#shared/custody/reconcile.ts';
import type { ChainReconciliation, CustodyReconciliation, SweepTreasuryMismatch } from '#shared/custody/schemas.ts';
import { recentSweeps } from '#shared/custody/sweep-repository.ts';
import type { Db } from '#shared/db/client.ts';
import type { Deps } from '#shared/deps.ts';
import { treasuryUsdc } from '#shared/developer-fees/get-balances.ts';
import type { Chain } from '#shared/money/chains.ts';
import { formatMicro, toMicro } from '#shared/money/micro.ts';
import type { Organization } from '#shared/organizations/records.ts';

/**
 * Custody's reconciliation for the organization, per chain with a treasury or custody totals: the books
 * (credited = swept + awaiting sweep, `reconcileCustody`) and the chain (the treasury's USDC now, read from the
 * chain's node, holds at least what the sweeps moved there; and each recent sweep's check that the treasury's
 * balance moved in the sweep's block by exactly what the sweep recorded, `check-sweep-treasuries.ts`).
 */
export async function getCustodyReconciliation(
  deps: Deps,
  organization: Pick<Organization, 'organizationId' | 'treasuries'>,
): Promise<CustodyReconciliation> {
  const treasuries = organization.treasuries ?? {};
  const books = await reconcileCustody(deps, organization.organizationId);
  const chains = [...new Set([...books.map((book) => book.chain), ...(Object.keys(treasuries) as Chain[])])].sort();
  const rpc = chainRpcConfig();
  return {
    chains: await Promise.all(
      chains.map(async (chain): Promise<ChainReconciliation> => {
        const book = books.find((entry) => entry.chain === chain);
        const treasury = treasuries[chain] ?? null;
        const tokenAddress = rpc[chain]?.usdcAddress;
        const held = treasury && tokenAddress ? await treasuryUsdc(deps, chain, treasury, tokenAddress) : undefined;
        const swept = book ? toMicro(book.swept) : 0n;
        const sweptBeforeCredit = book ? toMicro(book.sweptBeforeCredit) : 0n;
        const balanced = book?.balanced ?? true;
        const treasuryHoldsSwept = held === undefined ? null : held >= swept + sweptBeforeCredit;
        const checks = treasury ? await sweepChecksOf(deps.db, chain, treasury) : { checked: 0, mismatches: [] };
        return {
          chain,
          treasury,
          credited: book?.credited ?? '0.00',
          swept: formatMicro(swept),
          sweptBeforeCredit: formatMicro(sweptBeforeCredit),
          awaitingSweep: book?.awaitingSweep ?? '0.00',
          treasuryBalance: held === undefined ? null : formatMicro(held),
          balanced,
          treasuryHoldsSwept,
          treasuryMovedAsSwept: checks.checked === 0 ? null : checks.mismatches.length === 0,
          sweepsNotMatched: checks.mismatches,
          agree: balanced && treasuryHoldsSwept !== false && checks.mismatches.length === 0,
        };
      }),
    ),
  };
}

/** How many recent sweeps the reconciliation reads for their treasury checks (newest first). */
export const RECENT_SWEEPS_CHECKED = 100;

/** The recent sweeps of `chain` that were checked against `treasury`, and those whose block disagreed. */
async function sweepChecksOf(db: Db, chain: Chain, treasury: string) {
  const mismatches: SweepTreasuryMismatch[] = [];
  let checked = 0;
  for (const sweep of await recentSweeps(db, chain, RECENT_SWEEPS_CHECKED)) {
    const mine = sweep.treasuryCheck?.treasuries.find(
      (entry) => entry.treasury.toLowerCase() === treasury.toLowerCase(),
    );
    if (!mine) continue;
    checked++;
    if (mine.expectedMicro === mine.actualMicro) continue;
    mismatches.push({
      nonce: sweep.nonce,
      txHash: sweep.txHash,
      blockNumber: sweep.blockNumber,
      expected: formatMicro(mine.expectedMicro),
      actual: formatMicro(mine.actualMicro),
    });
  }
  return { checked, mismatches };
}
