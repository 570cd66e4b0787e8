import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeFor, smallestSourceFor, targetFor } from '#shared/quotes/quote.ts';
import {
  Exact,
  feeSchedules,
  fiat,
  MAX,
  MICRO,
  quoteOrRefusal,
  rate,
  usdc,
} from '#test/support/quotes/quote-arbitraries.ts';

/**
 * Quote properties over random amounts, fee schedules and rates. 3,000 runs each, 4 properties: 12,000 cases
 * on every CI run. The oracle is plain decimal.js at a precision no input here can exhaust.
 */
const RUNS = 3_000;
const fees = feeSchedules;

const USDC_STRING = /^\d+\.\d{2,6}$/;
const FIAT_STRING = /^\d+\.\d{2}$/;

describe('quote properties', () => {
  it('never pays out more than was paid for, charging exactly the schedule (fee rounded up, payout down)', () => {
    fc.assert(
      fc.property(usdc, fees, rate, (sourceAmount, schedule, exchangeRate) => {
        const quote = quoteOrRefusal({ fees: schedule, exchangeRate, maxSourceAmount: MAX, sourceAmount });
        const source = new Exact(sourceAmount);
        const scheduleFee = Exact.max(schedule.minFee, source.times(schedule.feeBps).div(10_000));
        if (quote === 'refused') {
          // Refused only when the fee (rounded up, as charged) leaves less than a cent to deliver.
          const charged = scheduleFee.toDecimalPlaces(6, Decimal.ROUND_UP);
          expect(source.minus(charged).times(exchangeRate).lt('0.01') || source.gt(MAX)).toBe(true);
          return;
        }
        const fee = new Exact(quote.fee);
        const target = new Exact(quote.targetAmount);
        const paidFor = source.minus(fee).times(exchangeRate);
        expect(new Exact(quote.sourceAmount).eq(source)).toBe(true);
        expect(fee.gte(scheduleFee) && fee.minus(scheduleFee).lt(MICRO)).toBe(true);
        expect(target.lte(paidFor)).toBe(true);
        expect(paidFor.minus(target).lt('0.01')).toBe(true);
        expect(target.gt(0)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('for a target amount, delivers at least it, and one micro-USDC less would deliver less', () => {
    fc.assert(
      fc.property(fiat, fees, rate, (targetAmount, schedule, exchangeRate) => {
        const quote = quoteOrRefusal({ fees: schedule, exchangeRate, maxSourceAmount: MAX, targetAmount });
        if (quote === 'refused') {
          expect(smallestSourceFor(targetAmount, schedule, exchangeRate)?.gt(MAX)).toBe(true);
          return;
        }
        const source = new Exact(quote.sourceAmount);
        const delivered = targetFor(source, schedule, exchangeRate);
        expect(new Exact(quote.targetAmount).eq(delivered)).toBe(true);
        expect(delivered.gte(targetAmount)).toBe(true);
        const lessByOne = source.minus(MICRO);
        expect(lessByOne.lte(0) || targetFor(lessByOne, schedule, exchangeRate).lt(targetAmount)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('renders every figure as a decimal string (USDC 2-6 places, fiat 2), never a number', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          usdc.map((sourceAmount) => ({ sourceAmount })),
          fiat.map((targetAmount) => ({ targetAmount })),
        ),
        fees,
        rate,
        (amount, schedule, exchangeRate) => {
          const quote = quoteOrRefusal({ fees: schedule, exchangeRate, maxSourceAmount: MAX, ...amount });
          if (quote === 'refused') return;
          expect(Object.values(quote).every((value) => typeof value === 'string')).toBe(true);
          expect(quote.sourceAmount).toMatch(USDC_STRING);
          expect(quote.fee).toMatch(USDC_STRING);
          expect(quote.targetAmount).toMatch(FIAT_STRING);
          // The JSON the API sends: no number token anywhere.
          expect(JSON.stringify(quote)).not.toMatch(/:\s*-?\d/);
          expect(new Exact(quote.exchangeRate).eq(exchangeRate)).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('never delivers less for one micro-USDC more (the monotonicity the target search relies on)', () => {
    fc.assert(
      fc.property(usdc, fees, rate, (sourceAmount, schedule, exchangeRate) => {
        const source = new Exact(sourceAmount);
        expect(feeFor(source.plus(MICRO), schedule).minus(feeFor(source, schedule)).lte(MICRO)).toBe(true);
        expect(
          targetFor(source.plus(MICRO), schedule, exchangeRate).gte(targetFor(source, schedule, exchangeRate)),
        ).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
