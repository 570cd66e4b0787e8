import { describe, expect, it } from 'vitest';
import { parseConfig } from '#shared/config/env.ts';
import { OrganizationSchema } from '#shared/organizations/records.ts';
import { eurPerUsdc, rateProviderFor } from '#shared/quotes/rates.ts';
import type { ReferenceRatesRecord } from '#shared/quotes/records.ts';
import { organizationItem } from '#test/support/organizations/organization-items.ts';

const ECB = parseConfig({ REFERENCE_RATES_SOURCE: 'ecb', EXCHANGE_RATES: 'EUR=0.92,USD=1.00' });
const FIXED = parseConfig({ EXCHANGE_RATES: 'EUR=0.92,USD=1.00' });
const live = (fxSpreadBps = 0) => OrganizationSchema.parse(organizationItem({ environment: 'live', fxSpreadBps }));
const sandbox = OrganizationSchema.parse(organizationItem({ environment: 'sandbox' }));

/** Published 2026-11-24 at about 16:00 CET (15:00 UTC). */
const REFERENCE: ReferenceRatesRecord = {
  source: 'ECB',
  date: '2026-11-24',
  usdPerEur: '1.0512',
  fetchedAt: '2026-11-24T15:30:00.000Z',
};
const at = (iso: string) => new Date(iso);

describe('EUR per USDC from the ECB rate', () => {
  it('is 1 / (USD per EUR) less the spread, rounded down to 8 places', () => {
    expect(eurPerUsdc('1.0512', 0)).toBe('0.95129375');
    expect(eurPerUsdc('1.0512', 25)).toBe('0.94891552');
    expect(eurPerUsdc('1.0512', 1000)).toBe('0.85616438');
    expect(eurPerUsdc('1.25', 0)).toBe('0.8');
  });
});

describe('the rates a quote uses', () => {
  it('are the fixed ones for sandbox organizations and on the fixed source, whatever is stored', () => {
    const now = at('2026-11-25T10:00:00.000Z');

    expect(rateProviderFor(ECB, { organization: sandbox, reference: REFERENCE, now }).rateFor('EUR')).toEqual({
      rate: '0.92',
    });
    expect(rateProviderFor(FIXED, { organization: live(), reference: REFERENCE, now }).rateFor('EUR')).toEqual({
      rate: '0.92',
    });
    expect(
      rateProviderFor(ECB, {
        organization: sandbox,
        sandbox: { failNextExecutions: 0, rates: { EUR: '0.5' } },
        now,
      }).rateFor('EUR'),
    ).toEqual({ rate: '0.5' });
  });

  it("are the ECB's for a live organization on the ecb source, with its spread; USD stays at par", () => {
    const provider = rateProviderFor(ECB, {
      organization: live(25),
      reference: REFERENCE,
      now: at('2026-11-25T10:00:00.000Z'),
    });

    expect(provider.rateFor('EUR')).toEqual({ rate: '0.94891552' });
    expect(provider.rateFor('USD')).toEqual({ rate: '1.00' });
  });

  it('are unusable once older than REFERENCE_RATES_MAX_AGE_H after publication, or before any was fetched', () => {
    const config = parseConfig({ REFERENCE_RATES_SOURCE: 'ecb', REFERENCE_RATES_MAX_AGE_H: '24' });
    const eurAt = (now: string, reference?: ReferenceRatesRecord) =>
      rateProviderFor(config, { organization: live(), reference, now: at(now) }).rateFor('EUR');

    expect(eurAt('2026-11-25T15:00:00.000Z', REFERENCE)).toEqual({ rate: '0.95129375' });
    expect(eurAt('2026-11-25T15:00:00.001Z', REFERENCE)).toEqual({
      rate: '0.95129375',
      unusable: 'the ECB reference rate of 2026-11-24 is older than 24 hours',
    });
    expect(eurAt('2026-11-25T10:00:00.000Z')).toEqual({
      rate: config.withdrawals.exchangeRates.EUR,
      unusable: 'no ECB reference rate has been fetched yet',
    });
  });
});

describe("an organization's FX spread", () => {
  it('is 0 on records from before it, and at most 1000 bps', () => {
    const { fees: _fees, ...rest } = organizationItem({ environment: 'live' });

    expect(OrganizationSchema.parse({ ...rest, fees: { feeBps: 50, minFee: '1.00' } }).fees.fxSpreadBps).toBe(0);
    expect(OrganizationSchema.safeParse(organizationItem({ fxSpreadBps: 1001 })).success).toBe(false);
  });
});
