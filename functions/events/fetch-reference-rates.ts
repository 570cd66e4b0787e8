import type { ScheduledEvent } from 'aws-lambda';
import { appDeps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import { fetchReferenceRates } from '#shared/quotes/fetch-reference-rates.ts';

/** Scheduled (hourly in AWS and under `npm start`, with `REFERENCE_RATES_SOURCE=ecb`): the ECB's latest rates. */
export const handler = async (_event?: ScheduledEvent) => {
  const result = await fetchReferenceRates(appDeps());
  log.info('reference rates', result);
  return result;
};
