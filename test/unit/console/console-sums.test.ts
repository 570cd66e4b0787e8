import { describe, expect, it } from 'vitest';
import { addUsdc } from '#infra/console/src/format.ts';
import { formatMicro, toMicro } from '#shared/money/micro.ts';

/** Home adds the pages of the customers' total in the browser: exactly, as the server's micro-USDC would. */
describe("the console's USDC sums", () => {
  it('adds page totals exactly, at any size and to six places, as the ledger would', () => {
    const cases: [string, string][] = [
      ['0', '0.00'],
      ['1480.00', '20.00'],
      ['0.1', '0.2'],
      ['0.000001', '999999999999999999.999999'],
      ['12345678901234567890.5', '0.25'],
      ['-5.00', '2.50'],
    ];
    for (const [a, b] of cases) expect(addUsdc(a, b), `${a} + ${b}`).toBe(formatMicro(toMicro(a) + toMicro(b)));
  });

  it('never passes through a float (0.1 + 0.2 is 0.30, not 0.30000000000000004)', () => {
    expect(addUsdc('0.1', '0.2')).toBe('0.30');
    expect(addUsdc('9007199254740993.00', '0.01')).toBe('9007199254740993.01');
  });
});
