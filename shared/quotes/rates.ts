import { Decimal } from 'decimal.js';
import type { BankCurrency } from '#shared/banks/records.ts';
import type { Config } from '#shared/config/env.ts';
import type { Organization } from '#shared/organizations/records.ts';
import type { ExchangeRates, SandboxSettings } from '#shared/organizations/sandbox-settings.ts';
import type { ReferenceRatesRecord } from '#shared/quotes/records.ts';

/**
 * Where exchange rates come from, as a port: fixed rates, a sandbox organization's own, or the ECB's reference
 * rates with the organization's spread. Apart from the payout start (`shared/payouts/payout-start.ts`), so
 * the routes that only move withdrawals along (approvals, sweeps) carry no decimal library.
 */

/** Bank-currency units per 1 USDC, and why no payout may execute on it now, if one may not. */
export type ExchangeRate = { rate: string; unusable?: string };

export type RateProvider = { rateFor: (currency: BankCurrency) => ExchangeRate };

/** What the rates of one organization depend on besides the configuration. */
export type RateInputs = {
  organization: Pick<Organization, 'environment' | 'fees'>;
  /** A sandbox organization's own rates. */
  sandbox?: SandboxSettings | undefined;
  /** The latest ECB rates, read for live organizations on `REFERENCE_RATES_SOURCE=ecb` (`needsReferenceRates`). */
  reference?: ReferenceRatesRecord | undefined;
  now: Date;
};

/** Live organizations on `REFERENCE_RATES_SOURCE=ecb` quote from the ECB's rates; everyone else from fixed ones. */
export const needsReferenceRates = (
  config: Pick<Config, 'withdrawals' | 'referenceRates'>,
  organization: Pick<Organization, 'environment'>,
) => organization.environment === 'live' && config.referenceRates.source === 'ecb';

/** The ECB publishes at about 16:00 CET: a reference day's rate is current from 15:00 UTC. */
const PUBLISHED_AT_UTC = 'T15:00:00.000Z';
const RATE_PLACES = 8;
const HOUR_MS = 3_600_000;

/**
 * EUR per USDC from the ECB's USD per EUR, less the organization's spread, rounded down to 8 places (never
 * more euros than the reference rate buys). USDC counts as US dollars: it is redeemable for them one to one.
 */
export function eurPerUsdc(usdPerEur: string, fxSpreadBps: number): string {
  return new Decimal(1)
    .div(usdPerEur)
    .times(new Decimal(10_000).minus(fxSpreadBps).div(10_000))
    .toDecimalPlaces(RATE_PLACES, Decimal.ROUND_DOWN)
    .toFixed();
}

/** Hours since the ECB published the rates of `date` (`YYYY-MM-DD`). */
export const referenceRateAgeHours = (date: string, now: Date) =>
  (now.getTime() - Date.parse(`${date}${PUBLISHED_AT_UTC}`)) / HOUR_MS;

/**
 * The rates a quote uses. Fixed: the configured ones (`EXCHANGE_RATES`), overridden per sandbox organization by
 * its own. Reference (live organizations on `ecb`): EUR from the stored ECB rate with the organization's spread;
 * USD at the configured rate (no conversion: USDC pays out in US dollars). A missing ECB rate, or one older than
 * `REFERENCE_RATES_MAX_AGE_H` after its publication, is `unusable`: quotes still show it (the fixed EUR rate when
 * there is none), but no payout executes on it.
 */
export function rateProviderFor(
  config: Pick<Config, 'withdrawals' | 'referenceRates'>,
  inputs: RateInputs,
): RateProvider {
  const fixed: ExchangeRates = { ...config.withdrawals.exchangeRates, ...(inputs.sandbox?.rates ?? {}) };
  if (!needsReferenceRates(config, inputs.organization)) return { rateFor: (currency) => ({ rate: fixed[currency] }) };
  const { maxAgeHours } = config.referenceRates;
  const reference = inputs.reference;
  return {
    rateFor: (currency) => {
      if (currency === 'USD') return { rate: fixed.USD };
      if (!reference) return { rate: fixed.EUR, unusable: 'no ECB reference rate has been fetched yet' };
      const rate = eurPerUsdc(reference.usdPerEur, inputs.organization.fees.fxSpreadBps);
      return referenceRateAgeHours(reference.date, inputs.now) > maxAgeHours
        ? { rate, unusable: `the ECB reference rate of ${reference.date} is older than ${maxAgeHours} hours` }
        : { rate };
    },
  };
}
