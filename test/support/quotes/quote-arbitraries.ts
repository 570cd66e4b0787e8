import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { formatMicro } from '#shared/money/micro.ts';
import { AmountAboveMaximumError, AmountNotAboveFeeError, type Quote, quoteWithdrawal } from '#shared/quotes/quote.ts';

/** What the quote property tests share: an exact oracle, random amounts, fee schedules and rates. */

/** Plain decimal.js at a precision no input here can exhaust. */
export const Exact = Decimal.clone({ precision: 80 });
export const MICRO = new Exact('0.000001');
/** A per-withdrawal maximum far above any generated amount's reach, so only the fee can refuse. */
export const MAX = '1000000000';

const decimalOf = (scaled: bigint, places: number) => {
  const digits = scaled.toString().padStart(places + 1, '0');
  return `${digits.slice(0, -places)}.${digits.slice(-places)}`;
};

export const usdc = fc.bigInt({ min: 1n, max: 10n ** 15n }).map(formatMicro);
export const fiat = fc.bigInt({ min: 1n, max: 10n ** 11n }).map((cents) => decimalOf(cents, 2));
export const rate = fc.bigInt({ min: 1_000_000n, max: 100_000_000_000n }).map((scaled) => decimalOf(scaled, 8));
export const feeSchedules = fc.record({
  feeBps: fc.integer({ min: 0, max: 2_000 }),
  minFee: fc.bigInt({ min: 0n, max: 25_000_000n }).map(formatMicro),
});

/** Quote or the contract's 400 for an amount the fee eats; anything else is a failure of the property. */
export function quoteOrRefusal(input: Parameters<typeof quoteWithdrawal>[0]): Quote | 'refused' {
  try {
    return quoteWithdrawal(input);
  } catch (error) {
    if (error instanceof AmountNotAboveFeeError || error instanceof AmountAboveMaximumError) return 'refused';
    throw error;
  }
}
