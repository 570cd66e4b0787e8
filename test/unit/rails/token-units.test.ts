import { describe, expect, it } from 'vitest';
import { formatUnits, parseUnits } from '#shared/rails/chain/units.ts';

describe('token amounts between uint256 and decimal strings', () => {
  it('formats the smallest unit with the token decimals exactly, without trailing zeros', () => {
    expect(formatUnits(25_000_000n, 6)).toBe('25');
    expect(formatUnits(4_990_000n, 6)).toBe('4.99');
    expect(formatUnits(1n, 6)).toBe('0.000001');
    expect(formatUnits(0n, 6)).toBe('0');
    expect(formatUnits(123_456_789_012_345_678_901_234_567n, 18)).toBe('123456789.012345678901234567');
    expect(formatUnits(2n ** 256n - 1n, 6)).toBe(
      '115792089237316195423570985008687907853269984665640564039457584007913129.639935',
    );
  });

  it('parses a decimal string into the smallest unit and refuses more places than the token has', () => {
    expect(parseUnits('4.99', 6)).toBe(4_990_000n);
    expect(parseUnits('25', 6)).toBe(25_000_000n);
    expect(parseUnits('0.000001', 6)).toBe(1n);
    expect(() => parseUnits('0.0000001', 6)).toThrow(RangeError);
    expect(() => parseUnits('-1', 6)).toThrow(RangeError);
    expect(() => parseUnits('1e6', 6)).toThrow(RangeError);
  });

  it('round-trips', () => {
    for (const amount of ['0.5', '1000000', '12.345678']) expect(formatUnits(parseUnits(amount, 6), 6)).toBe(amount);
  });
});
