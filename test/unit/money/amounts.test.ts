import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalFiat,
  decimalValue,
  FiatAmountSchema,
  positiveAmountSchema,
  UsdcAmountSchema,
} from '#shared/money/amounts.ts';
import { formatFiat, formatUsdc } from '#shared/money/format.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('UsdcAmountSchema', () => {
  it.each(['1', '0.01', '1.123456', '0.000001', '1000000', '999999999999999.999999'])('accepts %s', (value) => {
    const result = UsdcAmountSchema.safeParse(value);

    expect(result).toEqual({ success: true, data: value });
  });

  it.each([
    ['zero', '0'],
    ['zero with decimals', '0.000000'],
  ])('rejects %s as not greater than 0', (_case, value) => {
    const result = UsdcAmountSchema.safeParse(value);

    expect(messagesOf(result)).toEqual(['Must be greater than 0']);
  });

  it.each([
    ['a negative amount', '-1'],
    ['an exponent', '1e3'],
    ['a leading zero', '01'],
    ['seven decimals', '1.1234567'],
    ['a plus sign', '+1'],
    ['a trailing dot', '1.'],
    ['a leading dot', '.5'],
    ['Infinity', 'Infinity'],
    ['hex', '0x10'],
    ['more than 15 integer digits', '1000000000000000'],
  ])('rejects %s', (_case, value) => {
    const result = UsdcAmountSchema.safeParse(value);

    expect(result.success).toBe(false);
    expect(messagesOf(result)[0]).toBe('Must be a decimal string with at most 6 decimal places');
  });

  it.each([1, 0.01, 1000])('rejects the JSON number %s: money is never a number', (value) => {
    const result = UsdcAmountSchema.safeParse(value);

    expect(result.success).toBe(false);
    expect(messagesOf(result)).toEqual(['Must be a decimal string']);
  });

  // Regression: the refine once ran after a failed regex and `new Decimal('')` threw, so a non-numeric
  // string escaped safeParse as a DecimalError (a 500 through the API) instead of failing it.
  it.each([
    ['the empty string', ''],
    ['letters', 'abc'],
    ['a decimal comma', '1,5'],
    ['a leading blank', ' 1'],
  ])('rejects %s without throwing', (_case, value) => {
    const result = UsdcAmountSchema.safeParse(value);

    expect(result.success).toBe(false);
  });
});

describe('FiatAmountSchema', () => {
  it.each(['1', '0.01', '1.5', '100.00', '12345.67'])('accepts %s', (value) => {
    expect(FiatAmountSchema.safeParse(value).success).toBe(true);
  });

  it.each(['0', '0.00', '-1', '1e3', '01', '1.123', '1.1234567'])('rejects %s', (value) => {
    expect(FiatAmountSchema.safeParse(value).success).toBe(false);
  });

  it('names the fiat limit of two decimal places', () => {
    const result = FiatAmountSchema.safeParse('1.123');

    expect(messagesOf(result)).toEqual(['Must be a decimal string with at most 2 decimal places']);
  });
});

describe('positiveAmountSchema', () => {
  it('allows exactly as many decimals as it is given', () => {
    const fourDecimals = positiveAmountSchema(4);

    expect(fourDecimals.safeParse('1.1234').success).toBe(true);
    expect(fourDecimals.safeParse('1.12345').success).toBe(false);
  });
});

describe('formatFiat', () => {
  it.each([
    ['1', '1.00'],
    ['1.5', '1.50'],
    ['0.01', '0.01'],
    ['100', '100.00'],
    ['12345678901234.5', '12345678901234.50'],
  ])('renders %s as %s', (value, expected) => {
    expect(formatFiat(value)).toBe(expected);
  });

  it('renders a Decimal without going through a JS number', () => {
    expect(formatFiat('9007199254740993.1')).toBe('9007199254740993.10');
  });
});

describe('formatUsdc', () => {
  it.each([
    ['1', '1.00'],
    ['1.5', '1.50'],
    ['1.25', '1.25'],
    ['1.123', '1.123'],
    ['0.123456', '0.123456'],
    ['0.000001', '0.000001'],
    ['100', '100.00'],
    ['0', '0.00'],
    ['10.100000', '10.10'],
  ])('renders %s as %s', (value, expected) => {
    expect(formatUsdc(value)).toBe(expected);
  });

  it('never renders more than six decimals', () => {
    expect(formatUsdc('1.1234561')).toMatch(/^1\.\d{2,6}$/);
  });
});

describe('canonicalFiat', () => {
  it('renders every accepted fiat amount exactly as formatFiat does, without a decimal library', () => {
    const amount = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), fc.option(fc.stringMatching(/^\d{1,2}$/)))
      .map(([whole, fraction]) => (fraction === null ? `${whole}` : `${whole}.${fraction}`))
      .filter((value) => FiatAmountSchema.safeParse(value).success);
    fc.assert(fc.property(amount, (value) => canonicalFiat(value) === formatFiat(value)));
  });

  it('refuses to cut decimals it would have to round', () => {
    expect(() => canonicalFiat('1.005')).toThrow(RangeError);
  });
});

describe('decimalValue', () => {
  it('names the value of every accepted amount as Decimal#toFixed() does', () => {
    const amount = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), fc.option(fc.stringMatching(/^\d{1,6}$/)))
      .map(([whole, fraction]) => (fraction === null ? `${whole}` : `${whole}.${fraction}`))
      .filter((value) => UsdcAmountSchema.safeParse(value).success);
    fc.assert(fc.property(amount, (value) => decimalValue(value) === new Decimal(value).toFixed()));
    expect(decimalValue('10.50')).toBe('10.5');
    expect(decimalValue('10.000')).toBe('10');
  });
});
