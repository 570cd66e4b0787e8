import type { Deps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import { gaugeMetric } from '#shared/metrics.ts';
import { referenceRateAgeHours } from '#shared/quotes/rates.ts';
import { getReferenceRates, storeReferenceRates } from '#shared/quotes/reference-rate-repository.ts';
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
  try {
    return await fetchAndStore(deps, fetchRates);
  } finally {
    await reportStaleness(deps);
  }
}

/**
 * After every run, failed or not: `ReferenceRatesStale` is 1 while the stored rate is older than
 * `REFERENCE_RATES_MAX_AGE_H` after its publication, or none is stored (no live payout executes on it; alarmed in
 * AWS), else 0.
 */
async function reportStaleness(deps: Deps) {
  try {
    const stored = await getReferenceRates(deps.db);
    const age = stored ? referenceRateAgeHours(stored.date, deps.clock.now()) : Number.POSITIVE_INFINITY;
    gaugeMetric('ReferenceRatesStale', {}, age > deps.config.referenceRates.maxAgeHours ? 1 : 0);
  } catch (error) {
    log.error('reference rates: their age could not be read', { error: (error as Error).message });
  }
}

async function fetchAndStore(
  deps: Deps,
  fetchRates: (url: string) => Promise<EcbDailyRates>,
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
