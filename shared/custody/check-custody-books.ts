import { type CustodyTotals, CustodyTotalsSchema } from '#shared/custody/records.ts';
import type { RelayerChain } from '#shared/custody/relayer-chain.ts';
import { listSweepsDue } from '#shared/custody/sweep-repository.ts';
import type { Db } from '#shared/db/client.ts';
import { readItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { queryAll } from '#shared/db/query.ts';
import type { Deps } from '#shared/deps.ts';
import type { Chain } from '#shared/money/chains.ts';
import { formatMicro } from '#shared/money/micro.ts';
import { getOrganization } from '#shared/organizations/repository.ts';

/** An organization whose custody books disagree on a chain, with the figures that disagree (USDC strings). */
export type BooksDisagreement = {
  organizationId: string;
  credited: string;
  swept: string;
  sweptBeforeCredit: string;
  awaitingSweep: string;
  /** credited = swept + awaiting sweep. */
  balanced: boolean;
  treasury: string | null;
  /** The treasury's USDC on chain now; it holds at least swept + swept before credit. */
  treasuryBalance: string | null;
  treasuryHoldsSwept: boolean | null;
};

type Figures = Omit<BooksDisagreement, 'organizationId' | 'treasury' | 'treasuryBalance' | 'treasuryHoldsSwept'> & {
  movedMicro: bigint;
};

/**
 * The reconciliation check a chain's sweeper runs every run: for every organization with custody totals on
 * the chain, credited = swept + awaiting sweep, and its treasury holds at least what the sweeps moved there (the
 * service keeps no baseline of a treasury, so "at least": an organization spending from it is also reported).
 * Totals and dues are two reads; a credit or a sweep's record landing between them makes one read disagree, so a
 * disagreement counts only if a second read finds it too. Returns the organizations that disagree.
 */
export async function checkCustodyBooks(
  deps: Deps,
  port: RelayerChain,
  settings: { chain: Chain; usdcAddress: string },
): Promise<BooksDisagreement[]> {
  const disagreements: BooksDisagreement[] = [];
  for (const organizationId of await organizationsWithCustody(deps.db, settings.chain)) {
    const first = await figures(deps.db, settings.chain, organizationId);
    if (!first) continue;
    const treasury = (await getOrganization(deps.db, organizationId))?.treasuries?.[settings.chain] ?? null;
    const held = treasury ? await port.tokenBalance(settings.usdcAddress, treasury) : undefined;
    const agrees = (books: Figures) => books.balanced && (held === undefined || held >= books.movedMicro);
    if (agrees(first)) continue;
    const second = await figures(deps.db, settings.chain, organizationId);
    if (!second || agrees(second)) continue;
    const { movedMicro, ...books } = second;
    disagreements.push({
      organizationId,
      ...books,
      treasury,
      treasuryBalance: held === undefined ? null : formatMicro(held),
      treasuryHoldsSwept: held === undefined ? null : held >= movedMicro,
    });
  }
  return disagreements;
}

/** The organizations with custody totals on `chain` (their totals items' gsi1 entries). */
export function organizationsWithCustody(db: Db, chain: Chain): Promise<string[]> {
  const partition = keys.custodyTotalsOfChain(chain).gsi1pk;
  return queryAll(db, { index: 'gsi1', partition }, (item) => String(item.organizationId));
}

/** An organization's custody totals on `chain`, or undefined before its first credit there. */
export function readCustodyTotals(db: Db, chain: Chain, organizationId: string): Promise<CustodyTotals | undefined> {
  return readItem(db, keys.custodyTotals(organizationId, chain), (item) =>
    CustodyTotalsSchema.parse({
      organizationId,
      chain,
      creditedMicro: item.creditedMicro,
      sweptMicro: item.sweptMicro,
      sweptBeforeCreditMicro: item.sweptBeforeCreditMicro,
    }),
  );
}

async function figures(db: Db, chain: Chain, organizationId: string): Promise<Figures | undefined> {
  const totals = await readCustodyTotals(db, chain, organizationId);
  if (!totals) return undefined;
  const awaiting = (await listSweepsDue(db, chain))
    .filter((due) => due.organizationId === organizationId)
    .reduce((sum, due) => sum + due.amountMicro, 0n);
  return {
    credited: formatMicro(totals.creditedMicro),
    swept: formatMicro(totals.sweptMicro),
    sweptBeforeCredit: formatMicro(totals.sweptBeforeCreditMicro),
    awaitingSweep: formatMicro(awaiting),
    balanced: totals.creditedMicro === totals.sweptMicro + awaiting,
    movedMicro: totals.sweptMicro + totals.sweptBeforeCreditMicro,
  };
}
