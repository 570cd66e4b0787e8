import { z } from 'zod';

/**
 * The ledger counts in integer micro-USDC (1 USDC = 1,000,000). DynamoDB adds and compares those numbers
 * exactly; they are written as strings (`NumberValue`) and read back as integers (a JS number while safe, a
 * BigInt beyond), so no float ever touches a balance.
 */

/** An integer micro-USDC attribute as the document client returns it. */
export const MicroSchema = z
  .union([z.number().int(), z.bigint(), z.string().regex(/^-?\d+$/)])
  .transform((value) => BigInt(value));

/** A USDC decimal string (at most 6 places, as the schemas allow) in micro-USDC, by string arithmetic: exact at any size. */
export function toMicro(amount: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(amount);
  if (!match) throw new Error(`not a USDC amount with at most 6 decimal places: ${amount}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  return BigInt(`${sign}${whole}${fraction.padEnd(6, '0')}`);
}

/** Micro-USDC rendered as a USDC amount (2 to 6 decimals), again without rounding at any size. */
export function formatMicro(micro: bigint): string {
  const negative = micro < 0n;
  const digits = (negative ? -micro : micro).toString().padStart(7, '0');
  const whole = digits.slice(0, -6);
  const fraction = digits.slice(-6).replace(/0+$/, '').padEnd(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

// Balance.

export type BalanceState = { available: bigint; locked: bigint };
export const EMPTY_BALANCE: BalanceState = { available: 0n, locked: 0n };

// Allowance.

export type AllowanceConfig = { limit: string; resetPeriodMinutes: number };

/** The stored usage of an organization's allowance: what was spent in the period that started at `periodStart`. */
export type AllowanceUsage = { spent: bigint; periodStart: string; nextResetAt: string | null };

/**
 * The allowance as of `now`, and how a reservation must be written: into the stored period (`current`), into a
 * new period that replaces a missing or elapsed one (`fresh`), guarded by the period it read.
 */
export type AllowanceWindow = {
  limit: bigint;
  spent: bigint;
  available: bigint;
  periodStart: string;
  nextResetAt: string | null;
  write: { kind: 'current' } | { kind: 'fresh'; replaces: string | null };
};

const MINUTE_MS = 60_000;

export function allowanceWindow(
  config: AllowanceConfig,
  usage: AllowanceUsage | undefined,
  now: Date,
): AllowanceWindow {
  const limit = toMicro(config.limit);
  const periodMs = config.resetPeriodMinutes * MINUTE_MS;
  const fresh = (periodStart: Date, replaces: string | null): AllowanceWindow => ({
    limit,
    spent: 0n,
    available: limit,
    periodStart: periodStart.toISOString(),
    nextResetAt: periodMs > 0 ? new Date(periodStart.getTime() + periodMs).toISOString() : null,
    write: { kind: 'fresh', replaces },
  });
  if (!usage) return fresh(now, null);
  if (periodMs > 0) {
    // A one-time allowance turned periodic starts its first period now.
    if (usage.nextResetAt === null) return fresh(now, usage.periodStart);
    const nextReset = new Date(usage.nextResetAt).getTime();
    if (now.getTime() >= nextReset) {
      // Periods keep their schedule: the current one started at the last boundary at or before now.
      const elapsed = Math.floor((now.getTime() - nextReset) / periodMs);
      return fresh(new Date(nextReset + elapsed * periodMs), usage.periodStart);
    }
  }
  const available = limit > usage.spent ? limit - usage.spent : 0n;
  return {
    limit,
    spent: usage.spent,
    available,
    periodStart: usage.periodStart,
    nextResetAt: periodMs > 0 ? usage.nextResetAt : null,
    write: { kind: 'current' },
  };
}
