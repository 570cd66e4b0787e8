import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUsdc } from '#shared/money/format.ts';
import { depositDeveloperFee } from '#shared/quotes/deposit-fee.ts';

/**
 * The deposit developer fee in integer micro-USDC rounds exactly as the quote engine's decimal arithmetic did
 * (precision 50, the fee rounded DOWN to 6 places, rendered as USDC): the same string for every amount and rate.
 */
const D = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_EVEN });
const decimalDepositDeveloperFee = (amount: string, bps: number) =>
  formatUsdc(new D(amount).times(bps).div(10_000).toDecimalPlaces(6, Decimal.ROUND_DOWN));

/** USDC amounts as the API and the chains write them: 0 to 15 integer digits, 0 to 6 decimals. */
const amounts = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), fc.stringMatching(/^\d{0,6}$/))
  .map(([whole, fraction]) => (fraction ? `${whole}.${fraction}` : `${whole}`));

describe('the deposit developer fee in micro-USDC', () => {
  it('is the decimal.js fee, to the character, for every amount and 0-2500 bps', () => {
    fc.assert(
      fc.property(amounts, fc.integer({ min: 0, max: 2_500 }), (amount, bps) => {
        expect(depositDeveloperFee(amount, bps)).toBe(decimalDepositDeveloperFee(amount, bps));
      }),
      { numRuns: 5_000 },
    );
  });

  it('rounds down at the sixth decimal where the exact fee has more', () => {
    expect(depositDeveloperFee('0.000003', 2_500)).toBe('0.00');
    expect(depositDeveloperFee('0.000004', 2_500)).toBe('0.000001');
    expect(depositDeveloperFee('123.456789', 1)).toBe('0.012345');
    expect(decimalDepositDeveloperFee('123.456789', 1)).toBe('0.012345');
  });
});
