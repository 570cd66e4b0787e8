import { describe, expect, it } from 'vitest';
import {
  decideRail,
  NOT_INSTANT_RAIL,
  NOT_REACHABLE_INSTANT,
  OVER_INSTANT_LIMIT,
  splitStreet,
} from '#shared/payouts/payout-rail.ts';
import { SANDBOX_DEBTORS } from '#shared/rails/bank/payment-file.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';

/** The parts of a withdrawal the rail decision reads. */
const withdrawal = (fields: {
  bank?: Partial<NonNullable<TransactionRecord['withdrawalBank']>>;
  instant?: boolean;
  amount?: string;
}) =>
  ({
    transactionId: 't-1',
    targetAmount: fields.amount ?? '91.08',
    requestedPaymentRail: fields.instant ? 'SEPA_INSTANT' : null,
    withdrawalBank: {
      id: 'b-1',
      beneficiaryName: 'Ada Lovelace',
      currency: 'EUR',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      accountNumber: null,
      routingNumber: null,
      paymentRail: 'SEPA',
      ...fields.bank,
    },
  }) as TransactionRecord;

const live = { environment: 'live' as const, debtor: undefined, instantLimitEur: '1000' };
const sandbox = { ...live, environment: 'sandbox' as const };

describe('the rail a payout takes', () => {
  it('SEPA Instant when asked, the amount within the limit and the bank in the euro area', () => {
    expect(decideRail(withdrawal({ instant: true }), live)).toEqual({ rail: 'SEPA_INSTANT', fallbackReason: null });
    expect(decideRail(withdrawal({ instant: true, amount: '1000' }), live).rail).toBe('SEPA_INSTANT');
    expect(decideRail(withdrawal({}), live)).toEqual({ rail: 'SEPA', fallbackReason: null });
  });

  it('falls back to SEPA, saying why: over the limit, a bank not reachable, a bank not on SEPA', () => {
    expect(decideRail(withdrawal({ instant: true, amount: '1000.01' }), live)).toEqual({
      rail: 'SEPA',
      fallbackReason: `${OVER_INSTANT_LIMIT} of 1000 EUR`,
    });
    // Switzerland is in SEPA, not in the euro area: its banks need not receive SEPA Instant yet.
    expect(decideRail(withdrawal({ instant: true, bank: { bic: 'UBSWCHZH80A' } }), live)).toEqual({
      rail: 'SEPA',
      fallbackReason: NOT_REACHABLE_INSTANT,
    });
    expect(decideRail(withdrawal({ instant: true, bank: { bic: 'NOINDEFFXXX' } }), sandbox).fallbackReason).toBe(
      NOT_REACHABLE_INSTANT,
    );
    expect(decideRail(withdrawal({ instant: true, bank: { bic: 'NOINDEFFXXX' } }), live).rail).toBe('SEPA_INSTANT');
    const swift = { currency: 'USD', paymentRail: 'SWIFT', bic: 'CHASUS33XXX' } as const;
    expect(decideRail(withdrawal({ instant: true, bank: swift }), live)).toEqual({
      rail: 'SWIFT',
      fallbackReason: `${NOT_INSTANT_RAIL}; this bank is paid by SWIFT`,
    });
  });

  it("pays a US bank by the organization's choice: ACH for the sandbox account, Fedwire by default", () => {
    const us = { currency: 'USD', paymentRail: 'FEDWIRE', routingNumber: '021000021' } as const;
    expect(decideRail(withdrawal({ bank: us }), { ...sandbox, debtor: SANDBOX_DEBTORS.USD }).rail).toBe('ACH');
    const { domesticRail: _, ...fedwire } = SANDBOX_DEBTORS.USD;
    expect(decideRail(withdrawal({ bank: us }), { ...live, debtor: fedwire }).rail).toBe('FEDWIRE');
    // Snapshots from before rails were stored take the currency's domestic rail.
    expect(decideRail(withdrawal({ bank: { ...us, paymentRail: undefined } }), live).rail).toBe('FEDWIRE');
  });

  it('splits a one-line street address into street and building number', () => {
    expect(splitStreet('383 Madison Avenue')).toEqual({ street: 'Madison Avenue', buildingNumber: '383' });
    expect(splitStreet('Friedrichstraße 123a')).toEqual({ street: 'Friedrichstraße', buildingNumber: '123a' });
    expect(splitStreet('Rue de Rivoli')).toEqual({ street: 'Rue de Rivoli', buildingNumber: null });
  });
});
