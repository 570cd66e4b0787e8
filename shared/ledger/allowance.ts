import type { Allowance } from '#shared/ledger/schemas.ts';
import { formatMicro, toMicro } from '#shared/money/micro.ts';
import type { Organization } from '#shared/organizations/records.ts';

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

/** The allowance as the API shows it. */
export function allowanceView(organization: Organization, window: AllowanceWindow): Allowance {
  return {
    enabled: organization.features.apiWithdrawals,
    allowance: {
      limit: formatMicro(window.limit),
      spent: formatMicro(window.spent),
      available: formatMicro(window.available),
      resetPeriodMinutes: organization.allowance.resetPeriodMinutes,
      nextResetAt: window.nextResetAt,
    },
  };
}
