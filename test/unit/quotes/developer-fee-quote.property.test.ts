import type { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMicro } from '#shared/money/micro.ts';
import { depositDeveloperFee } from '#shared/quotes/deposit-fee.ts';
import { developerFeeFor, feeFor, quoteWithdrawal, smallestSourceFor, targetFor } from '#shared/quotes/quote.ts';
import { Exact, fiat, MAX, MICRO, quoteOrRefusal, rate, usdc } from '#test/support/quotes/quote-arbitraries.ts';

/**
 * The developer fee inside the quote engine, over random amounts, schedules (with a developer fee of 0-2500 bps)
 * and rates; the oracle is plain decimal.js at a precision no input here can exhaust.
 */
const RUNS = 2_000;
const schedules = fc.record({
  feeBps: fc.integer({ min: 0, max: 2_000 }),
  minFee: fc.bigInt({ min: 0n, max: 25_000_000n }).map(formatMicro),
  developerSpreadFeeBps: fc.integer({ min: 1, max: 2_500 }),
});

describe('developer fees in quotes', () => {
  it('takes exactly bps of what the service fee leaves, rounded down, before converting', () => {
    fc.assert(
      fc.property(usdc, schedules, rate, (sourceAmount, schedule, exchangeRate) => {
        const quote = quoteOrRefusal({ fees: schedule, exchangeRate, maxSourceAmount: MAX, sourceAmount });
        if (quote === 'refused') return;
        const source = new Exact(sourceAmount);
        const afterFee = source.minus(quote.fee);
        const exact = afterFee.times(schedule.developerSpreadFeeBps).div(10_000);
        const developerFee = new Exact(quote.developerFee ?? 'missing');
        expect(developerFee.lte(exact) && exact.minus(developerFee).lt(MICRO)).toBe(true);
        const paidFor = afterFee.minus(developerFee).times(exchangeRate);
        const target = new Exact(quote.targetAmount);
        expect(target.lte(paidFor) && paidFor.minus(target).lt('0.01')).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('never delivers less for one micro-USDC more, so the target search stays exact', () => {
    fc.assert(
      fc.property(usdc, schedules, rate, (sourceAmount, schedule, exchangeRate) => {
        const source = new Exact(sourceAmount);
        const more = source.plus(MICRO);
        expect(targetFor(more, schedule, exchangeRate).gte(targetFor(source, schedule, exchangeRate))).toBe(true);
        const net = (s: Decimal) => s.minus(feeFor(s, schedule)).minus(developerFeeFor(s, schedule));
        expect(net(more).gte(net(source))).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('for a target amount, delivers at least it, and one micro-USDC less would deliver less', () => {
    fc.assert(
      fc.property(fiat, schedules, rate, (targetAmount, schedule, exchangeRate) => {
        const quote = quoteOrRefusal({ fees: schedule, exchangeRate, maxSourceAmount: MAX, targetAmount });
        if (quote === 'refused') {
          expect(smallestSourceFor(targetAmount, schedule, exchangeRate)?.gt(MAX)).toBe(true);
          return;
        }
        const source = new Exact(quote.sourceAmount);
        expect(targetFor(source, schedule, exchangeRate).gte(targetAmount)).toBe(true);
        const lessByOne = source.minus(MICRO);
        expect(lessByOne.lte(0) || targetFor(lessByOne, schedule, exchangeRate).lt(targetAmount)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps bps of a deposit, rounded down: the customer gets the rest, to the micro-USDC', () => {
    fc.assert(
      fc.property(usdc, fc.integer({ min: 0, max: 2_500 }), (amount, bps) => {
        const fee = new Exact(depositDeveloperFee(amount, bps));
        const exact = new Exact(amount).times(bps).div(10_000);
        expect(fee.lte(exact) && exact.minus(fee).lt(MICRO)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('adds nothing without a developer fee: the quote has no developerFee and the figures of before', () => {
    const without = quoteWithdrawal({
      fees: { feeBps: 50, minFee: '1.00' },
      exchangeRate: '0.92',
      maxSourceAmount: MAX,
      sourceAmount: '500',
    });
    const zero = quoteWithdrawal({
      fees: { feeBps: 50, minFee: '1.00', developerSpreadFeeBps: 0 },
      exchangeRate: '0.92',
      maxSourceAmount: MAX,
      sourceAmount: '500',
    });
    expect(without).toEqual({ sourceAmount: '500.00', targetAmount: '457.70', fee: '2.50', exchangeRate: '0.92' });
    expect(zero).toStrictEqual(without);
  });
});
