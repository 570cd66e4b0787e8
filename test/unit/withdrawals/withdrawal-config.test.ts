import { describe, expect, it } from 'vitest';
import { systemClock } from '#shared/clock.ts';
import { ConfigError, parseConfig } from '#shared/config/env.ts';
import type { Db } from '#shared/db/client.ts';
import { settleDueAt } from '#shared/payouts/payout-start.ts';
import { organizationItem } from '#test/support/organizations/organization-items.ts';

describe('withdrawal configuration', () => {
  it('defaults to settling sandbox payouts after 3 s, a 7-day expiry, a 1,000,000 USDC maximum and fixed rates', () => {
    expect(parseConfig({}).withdrawals).toEqual({
      sandboxSettleAfterSeconds: 3,
      expiryWindowSeconds: 604_800,
      maxAmountUsdc: '1000000',
      exchangeRates: { EUR: '0.92', USD: '1.00' },
    });
  });

  it('turns sandbox settlement off with SANDBOX_SETTLE_AFTER_S=off', () => {
    const config = parseConfig({ SANDBOX_SETTLE_AFTER_S: 'off', EXCHANGE_RATES: 'EUR=0.9,USD=1.0001' });

    expect(config.withdrawals.sandboxSettleAfterSeconds).toBeNull();
    expect(config.withdrawals.exchangeRates).toEqual({ EUR: '0.9', USD: '1.0001' });
  });

  it.each([
    ['SANDBOX_SETTLE_AFTER_S', 'soon'],
    ['WITHDRAWAL_EXPIRY_S', '0'],
    ['WITHDRAWAL_MAX_USDC', '1e6'],
    ['EXCHANGE_RATES', 'EUR:0.92'],
  ])('fails fast on a malformed %s', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(name);
  });
});

describe('sandbox settlement timer', () => {
  const now = new Date('2026-11-21T10:00:00.000Z');
  const depsWith = (env: Record<string, string>) => ({ db: {} as Db, clock: systemClock, config: parseConfig(env) });

  it('is due SANDBOX_SETTLE_AFTER_S after a sandbox payout starts, and never set for live ones or when off', () => {
    const sandbox = organizationItem({ environment: 'sandbox' });
    const live = organizationItem({ environment: 'live' });

    expect(settleDueAt(depsWith({ SANDBOX_SETTLE_AFTER_S: '5' }), sandbox, now)).toBe('2026-11-21T10:00:05.000Z');
    expect(settleDueAt(depsWith({ SANDBOX_SETTLE_AFTER_S: 'off' }), sandbox, now)).toBeNull();
    expect(settleDueAt(depsWith({}), live, now)).toBeNull();
  });
});
