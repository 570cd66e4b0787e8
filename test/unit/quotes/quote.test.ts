import { describe, expect, it } from 'vitest';
import { formatRate, quoteWithdrawal, smallestSourceFor, targetFor } from '#shared/quotes/quote.ts';

const fees = { feeBps: 50, minFee: '1.00' };
const quote = (amount: { sourceAmount: string } | { targetAmount: string }, exchangeRate = '0.92') =>
  quoteWithdrawal({ fees, exchangeRate, maxSourceAmount: '1000000', ...amount });

describe('withdrawal quotes', () => {
  it('charges the minimum fee on small amounts and rounds the payout down (the README example)', () => {
    expect(quote({ sourceAmount: '100' })).toEqual({
      sourceAmount: '100.00',
      fee: '1.00',
      targetAmount: '91.08',
      exchangeRate: '0.92',
    });
  });

  it('charges the proportional fee rounded UP to 6 places once it exceeds the minimum', () => {
    // 1234.567891 * 0.005 = 6.172839455 -> 6.172840; (1234.567891 - 6.17284) * 0.92 = 1130.1239...
    expect(quote({ sourceAmount: '1234.567891' })).toEqual({
      sourceAmount: '1234.567891',
      fee: '6.17284',
      targetAmount: '1130.12',
      exchangeRate: '0.92',
    });
  });

  it('finds the smallest source amount for a target amount (the README example)', () => {
    const result = quote({ targetAmount: '100.00' });

    expect(result).toEqual({ sourceAmount: '109.695653', fee: '1.00', targetAmount: '100.00', exchangeRate: '0.92' });
    expect(targetFor('109.695652', fees, '0.92').toFixed(2)).toBe('99.99');
  });

  it('refuses an amount the fee eats, for either field', () => {
    expect(() => quote({ sourceAmount: '1.00' })).toThrow('sourceAmount: Amount must be greater than the fee');
    expect(() => quote({ sourceAmount: '1.01' })).toThrow('sourceAmount: Amount must be greater than the fee');
    expect(quote({ sourceAmount: '1.011' }).targetAmount).toBe('0.01');
    expect(() =>
      quoteWithdrawal({
        fees: { feeBps: 10_000, minFee: '0' },
        exchangeRate: '1',
        maxSourceAmount: '1000000',
        targetAmount: '5',
      }),
    ).toThrow('targetAmount: Amount must be greater than the fee');
  });

  it('refuses more than the per-withdrawal maximum, also when a target amount needs it', () => {
    expect(quote({ sourceAmount: '1000000' })).toMatchObject({ sourceAmount: '1000000.00', targetAmount: '915400.00' });
    expect(() => quote({ sourceAmount: '1000000.000001' })).toThrow(
      'sourceAmount: Amount exceeds the maximum of 1000000.00 USDC per withdrawal',
    );
    expect(() => quote({ targetAmount: '915400.01' })).toThrow(
      'targetAmount: Amount exceeds the maximum of 1000000.00 USDC per withdrawal',
    );
  });

  it('has no source amount for a fee of 100 % or more', () => {
    expect(smallestSourceFor('10', { feeBps: 10_000, minFee: '0' }, '1')).toBeUndefined();
  });

  it('renders rates with at least two decimals and never in exponent notation', () => {
    expect([formatRate('1'), formatRate('0.92'), formatRate('0.00000001'), formatRate('1.23456789')]).toEqual([
      '1.00',
      '0.92',
      '0.00000001',
      '1.23456789',
    ]);
  });
});
