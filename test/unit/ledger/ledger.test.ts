import { describe, expect, it } from 'vitest';
import { allowanceWindow } from '#shared/ledger/allowance.ts';
import { formatMicro, toMicro } from '#shared/money/micro.ts';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

describe('micro-USDC', () => {
  it('converts USDC strings exactly, at any size', () => {
    expect(toMicro('10')).toBe(10_000_000n);
    expect(toMicro('0.000001')).toBe(1n);
    expect(toMicro('123.45')).toBe(123_450_000n);
    expect(toMicro('999999999999999.999999')).toBe(999_999_999_999_999_999_999n);
    expect(() => toMicro('1.0000001')).toThrow();
    expect(() => toMicro('1e3')).toThrow();
  });

  it('renders with two to six decimals, without rounding', () => {
    expect([0n, 1n, 10_000_000n, 12_345_678n, 999_999_999_999_999_999_999n, -1_500_000n].map(formatMicro)).toEqual([
      '0.00',
      '0.000001',
      '10.00',
      '12.345678',
      '999999999999999.999999',
      '-1.50',
    ]);
  });
});

describe('allowance window', () => {
  const daily = { limit: '100.00', resetPeriodMinutes: 1440 };

  it('opens the first period on first use, ending one period later', () => {
    expect(allowanceWindow(daily, undefined, T0)).toEqual({
      limit: 100_000_000n,
      spent: 0n,
      available: 100_000_000n,
      periodStart: T0.toISOString(),
      nextResetAt: minutes(1440).toISOString(),
      write: { kind: 'fresh', replaces: null },
    });
  });

  it('adds to the stored period until its reset, never showing a negative availability', () => {
    const usage = { spent: 130_000_000n, periodStart: T0.toISOString(), nextResetAt: minutes(1440).toISOString() };

    expect(allowanceWindow(daily, usage, minutes(1439))).toMatchObject({
      spent: 130_000_000n,
      available: 0n,
      write: { kind: 'current' },
    });
  });

  it('rolls over on schedule: the new period starts at the last boundary, not at the moment of use', () => {
    const usage = { spent: 60_000_000n, periodStart: T0.toISOString(), nextResetAt: minutes(60).toISOString() };

    const window = allowanceWindow({ limit: '100', resetPeriodMinutes: 60 }, usage, minutes(150));

    expect(window).toEqual({
      limit: 100_000_000n,
      spent: 0n,
      available: 100_000_000n,
      periodStart: minutes(120).toISOString(),
      nextResetAt: minutes(180).toISOString(),
      write: { kind: 'fresh', replaces: T0.toISOString() },
    });
  });

  it('never resets a one-time allowance (period 0)', () => {
    const usage = { spent: 99_000_000n, periodStart: T0.toISOString(), nextResetAt: null };

    expect(allowanceWindow({ limit: '100', resetPeriodMinutes: 0 }, usage, minutes(10 ** 7))).toMatchObject({
      spent: 99_000_000n,
      available: 1_000_000n,
      nextResetAt: null,
      write: { kind: 'current' },
    });
  });

  it('starts the first period now when a one-time allowance becomes periodic', () => {
    const usage = { spent: 99_000_000n, periodStart: T0.toISOString(), nextResetAt: null };

    expect(allowanceWindow({ limit: '100', resetPeriodMinutes: 30 }, usage, minutes(5))).toMatchObject({
      spent: 0n,
      periodStart: minutes(5).toISOString(),
      nextResetAt: minutes(35).toISOString(),
      write: { kind: 'fresh', replaces: T0.toISOString() },
    });
  });
});
