import type { Key, KeySpace } from '#shared/db/table-keys.ts';

export const quoteKeys = {
  /** The latest published reference rates of a market-data source, shared by every live organization. */
  referenceRates: (source: 'ECB'): Key => ({ pk: `REFERENCERATES#${source}`, sk: 'LATEST' }),
} as const;

export const QUOTE_KEY_SPACES: KeySpace[] = [{ pk: 'REFERENCERATES#' }];
