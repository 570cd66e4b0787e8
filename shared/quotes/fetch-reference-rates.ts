import type { Deps } from '#shared/deps.ts';
import { storeReferenceRates } from '#shared/quotes/reference-rate-repository.ts';
import { type EcbDailyRates, fetchEcbDailyRates } from '#shared/rails/rates/ecb-daily-rates.ts';

export class MissingReferenceRateError extends Error {}

export type FetchedReferenceRates = { date: string; usdPerEur: string; stored: boolean };

/**
 * One run of the scheduled rates fetcher (`REFERENCE_RATES_SOURCE=ecb`): reads the ECB's daily file and stores
 * its US dollar rate as the latest, unless a later day is stored already. Anything wrong (unreachable, not the
 * ECB's format, no USD rate) throws and stores nothing: the last good rate stays, and ages into staleness.
 */
export async function fetchReferenceRates(
  deps: Deps,
  fetchRates: (url: string) => Promise<EcbDailyRates> = fetchEcbDailyRates,
): Promise<FetchedReferenceRates> {
  const { date, ratesPerEur } = await fetchRates(deps.config.referenceRates.url);
  const usdPerEur = ratesPerEur.USD;
  if (!usdPerEur) throw new MissingReferenceRateError(`the ECB reference rates of ${date} have no USD rate`);
  const stored = await storeReferenceRates(deps.db, {
    source: 'ECB',
    date,
    usdPerEur,
    fetchedAt: deps.clock.now().toISOString(),
  });
  return { date, usdPerEur, stored };
}
