import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FieldError } from '#shared/errors.ts';
import { depositRate, quoteDeposit } from '#shared/quotes/quote-deposit.ts';

/** On-ramp quotes (fiat to USDC): worked figures, then the minimality of a quote by target, for many rates and fees. */
describe('the on-ramp quote', () => {
  it('buys USDC at the inverse of the payout rate, rounded down, less the developer fee a deposit keeps', () => {
    expect(depositRate('0.92')).toBe('1.08695652');
    expect(quoteDeposit({ payoutRate: '0.92', developerSpreadFeeBps: 0, sourceAmount: '1000' })).toEqual({
      sourceAmount: '1000.00',
      targetAmount: '1086.95652',
      exchangeRate: '1.08695652',
    });
    // 1 % of 1086.95652 is 10.8695652, kept as 10.869565 (down): 1076.086955 is credited.
    expect(quoteDeposit({ payoutRate: '0.92', developerSpreadFeeBps: 100, sourceAmount: '1000' })).toEqual({
      sourceAmount: '1000.00',
      targetAmount: '1076.086955',
      exchangeRate: '1.08695652',
      developerFee: '10.869565',
    });
  });

  it('quotes a target by the smallest cent amount that reaches it, both directions agreeing', () => {
    expect(quoteDeposit({ payoutRate: '0.92', developerSpreadFeeBps: 100, targetAmount: '1076.086955' })).toMatchObject(
      { sourceAmount: '1000.00', targetAmount: '1076.086955' },
    );
    // Payout rates of 0.5 to 2 bank-currency units per USDC, 8 places.
    const rates = fc
      .integer({ min: 50_000_000, max: 200_000_000 })
      .map((units) => new Decimal(units).div(1e8).toFixed());
    const targets = fc
      .tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 999_999 }))
      .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(6, '0')}`);
    fc.assert(
      fc.property(rates, targets, fc.integer({ min: 0, max: 2_500 }), (payoutRate, target, bps) => {
        const quote = quoteDeposit({ payoutRate, developerSpreadFeeBps: bps, targetAmount: target });
        const at = (source: Decimal) =>
          quoteDeposit({ payoutRate, developerSpreadFeeBps: bps, sourceAmount: source.toFixed(2) }).targetAmount;
        const source = new Decimal(quote.sourceAmount);
        expect(new Decimal(quote.targetAmount).gte(target)).toBe(true);
        expect(at(source)).toBe(quote.targetAmount);
        if (source.gt('0.01')) expect(new Decimal(at(source.minus('0.01'))).lt(target)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses an amount too small to buy any USDC, naming the field', () => {
    expect(() => quoteDeposit({ payoutRate: '2000000', developerSpreadFeeBps: 0, sourceAmount: '0.01' })).toThrow(
      new FieldError('source_amount', 'Amount buys no USDC'),
    );
  });
});
