import { chainRpcConfig } from '#shared/config/chain-rpc.ts';
import { reconcileCustody } from '#shared/custody/reconcile.ts';
import type { ChainReconciliation, CustodyReconciliation } from '#shared/custody/schemas.ts';
import type { Deps } from '#shared/deps.ts';
import { treasuryUsdc } from '#shared/developer-fees/get-balances.ts';
import type { Chain } from '#shared/money/chains.ts';
import { formatMicro, toMicro } from '#shared/money/micro.ts';
import type { Organization } from '#shared/organizations/records.ts';

/**
 * Custody's reconciliation for the organization (issue 24), per chain with a treasury or custody totals: the books
 * (credited = swept + awaiting sweep, `reconcileCustody`) and the chain (the treasury's USDC now, read from the
 * chain's node, holds at least what the sweeps moved there).
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
          agree: balanced && treasuryHoldsSwept !== false,
        };
      }),
    ),
  };
}
