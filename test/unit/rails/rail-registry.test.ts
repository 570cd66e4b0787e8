import { describe, expect, it } from 'vitest';
import type { PayoutAccount } from '#shared/rails/bank/payment-file.ts';
import { RAIL_NAMES } from '#shared/rails/bank/rail.ts';
import { RAIL_FILES } from '#shared/rails/bank/rail-files.ts';
import {
  depositRailsOf,
  domesticRailOf,
  payoutRail,
  RAILS,
  railsReporting,
  reportsOfCurrency,
} from '#shared/rails/bank/rails.ts';

/** The rails by name, and what the service derives from them instead of branching on a name. */
const usd = (domesticRail?: 'FEDWIRE' | 'ACH'): PayoutAccount => ({
  currency: 'USD',
  name: 'Fintech Inc',
  accountNumber: '000123456789',
  routingNumber: '021000021',
  ...(domesticRail ? { domesticRail } : {}),
});
const eur: PayoutAccount = { currency: 'EUR', name: 'Fintech GmbH', iban: 'DE89370400440532013000', bic: null };

describe('the rail registry', () => {
  it('files every rail under its own name, with a writer, and a prenote writer exactly where it sends prenotes', () => {
    for (const name of RAIL_NAMES) {
      expect(RAILS[name].name).toBe(name);
      expect(typeof RAIL_FILES[name].write, name).toBe('function');
      expect('writePrenotes' in RAIL_FILES[name], name).toBe(RAILS[name].sendsPrenotes);
    }
  });

  it('takes the rail paying a bank: the instant one when asked, else the payout account’s choice among its bank’s', () => {
    expect(payoutRail('SEPA', { instant: true, debtor: eur })).toBe('SEPA_INSTANT');
    expect(payoutRail('SEPA', { instant: false, debtor: usd('ACH') })).toBe('SEPA');
    expect(payoutRail('FEDWIRE', { instant: true, debtor: usd('ACH') })).toBe('ACH');
    expect(payoutRail('FEDWIRE', { instant: false, debtor: undefined })).toBe('FEDWIRE');
    expect(payoutRail('SWIFT', { instant: true, debtor: usd('ACH') })).toBe('SWIFT');
  });

  it('gives a payout account the rail it pays its own currency’s domestic banks by', () => {
    expect([domesticRailOf(usd('ACH')), domesticRailOf(usd()), domesticRailOf(eur)]).toEqual([
      'ACH',
      'FEDWIRE',
      'SEPA',
    ]);
  });

  it('answers which reports a currency’s payouts may come back in, and which rails a report format answers', () => {
    expect(reportsOfCurrency('USD')).toEqual(['pain.002', 'camt.054', 'nacha-returns']);
    expect(reportsOfCurrency('EUR')).toEqual(['pain.002', 'camt.054']);
    expect(railsReporting('nacha-returns')).toEqual(['ACH']);
    expect([depositRailsOf('EUR'), depositRailsOf('USD')]).toEqual([['SEPA'], ['FEDWIRE', 'SWIFT']]);
  });
});
