import { describe, expect, it } from 'vitest';
import type { UsdAccount } from '#shared/rails/bank/payment-file.ts';
import type { RailName } from '#shared/rails/bank/rail.ts';
import { writeRailFile } from '#shared/rails/bank/rail-files.ts';
import { RAILS, railLanding } from '#shared/rails/bank/rails.ts';
import { bookingOf, landingOf } from '#shared/rails/bank/settlement.ts';
import { parseNacha } from '#test/support/rails/nacha-layout.ts';

const at = (iso: string) => new Date(iso);
const settles = (rail: RailName, iso: string) =>
  landingOf(RAILS[rail].settlement, at(iso), { sameDay: false }).expectedAt.toISOString();

describe('when a payout lands', () => {
  it('SEPA: filed before 15:00 Berlin on a TARGET day, credited the next TARGET day by noon', () => {
    // Tuesday 2026-11-24 10:00 UTC (11:00 Berlin) -> Wednesday 12:00 Berlin (11:00 UTC).
    expect(settles('SEPA', '2026-11-24T10:00:00Z')).toBe('2026-11-25T11:00:00.000Z');
    // After the cut-off on a Friday: executes Monday, lands Tuesday.
    expect(settles('SEPA', '2026-11-27T15:30:00Z')).toBe('2026-12-01T11:00:00.000Z');
    // Christmas and Boxing Day are TARGET holidays: Thursday 24th after the cut-off executes Monday the 28th.
    expect(settles('SEPA', '2026-12-24T16:00:00Z')).toBe('2026-12-29T11:00:00.000Z');
    // Summer time: Berlin is UTC+2.
    expect(settles('SEPA', '2026-06-01T08:00:00Z')).toBe('2026-06-02T10:00:00.000Z');
  });

  it('SEPA Instant: within ten seconds, any day and hour', () => {
    const landing = landingOf(RAILS.SEPA_INSTANT.settlement, at('2026-12-25T23:59:55Z'), { sameDay: false });
    expect(landing).toEqual({
      executionDate: '2026-12-25',
      settlementDate: '2026-12-26',
      expectedAt: at('2026-12-26T00:00:05Z'),
    });
  });

  it('Fedwire: the same business day by 18:00 New York when filed before 17:00; same-day is an ACH service only', () => {
    expect(settles('FEDWIRE', '2026-11-24T15:00:00Z')).toBe('2026-11-24T23:00:00.000Z');
    expect(settles('FEDWIRE', '2026-11-24T22:30:00Z')).toBe('2026-11-25T23:00:00.000Z');
    expect(landingOf(RAILS.FEDWIRE.settlement, at('2026-11-24T22:30:00Z'), { sameDay: true }).settlementDate).toBe(
      '2026-11-25',
    );
  });

  it('SWIFT: two business days after execution', () => {
    expect(settles('SWIFT', '2026-11-24T10:00:00Z')).toBe('2026-11-26T16:00:00.000Z');
  });
});

describe("when the debtor's bank books a payment: never before its day, always on a business day", () => {
  const booked = (rail: RailName, day: string, iso: string) => {
    const booking = bookingOf(RAILS[rail].settlement, day, at(iso));
    return [booking.date, booking.at.toISOString()];
  };

  it('books a SEPA file asked for Monday on Monday, though the bank answers on Sunday', () => {
    // Filed Sunday 29 November 2026: executes Monday 30th, lands Tuesday.
    const landing = landingOf(RAILS.SEPA.settlement, at('2026-11-29T04:26:00Z'), { sameDay: false });
    expect([landing.executionDate, landing.settlementDate]).toEqual(['2026-11-30', '2026-12-01']);

    // Monday from its start, on Berlin's clocks and in UTC alike (00:00 UTC is 01:00 in Berlin).
    expect(booked('SEPA', landing.executionDate, '2026-11-29T04:26:03Z')).toEqual([
      '2026-11-30',
      '2026-11-30T00:00:00.000Z',
    ]);
  });

  it('books at the moment itself on the day asked for', () => {
    expect(booked('SEPA', '2026-11-24', '2026-11-24T10:00:03Z')).toEqual(['2026-11-24', '2026-11-24T10:00:03.000Z']);
    // 00:30 in Berlin is still the 23rd in UTC: the moment waits for the day to begin there too.
    expect(booked('SEPA', '2026-11-24', '2026-11-23T23:30:00Z')).toEqual(['2026-11-24', '2026-11-24T00:00:00.000Z']);
  });

  it('books late on the first business day reached, never on a closed one', () => {
    // Asked for Thursday 24 December, reached only on Christmas Day: Monday 28th, after the TARGET holidays.
    expect(booked('SEPA', '2026-12-24', '2026-12-25T09:00:00Z')).toEqual(['2026-12-28', '2026-12-28T00:00:00.000Z']);
    // New York's day starts at 05:00 UTC in winter.
    expect(booked('FEDWIRE', '2026-11-27', '2026-11-28T15:00:00Z')).toEqual(['2026-11-30', '2026-11-30T05:00:00.000Z']);
  });

  it('books an instant payment at once, any day', () => {
    expect(booked('SEPA_INSTANT', '2026-12-25', '2026-12-25T23:59:55Z')).toEqual([
      '2026-12-25',
      '2026-12-25T23:59:55.000Z',
    ]);
  });

  it('books pain.001 rails on the requested execution date, ACH on the effective entry date', () => {
    expect(Object.fromEntries(Object.entries(RAILS).map(([rail, { debitBookedOn }]) => [rail, debitBookedOn]))).toEqual(
      {
        SEPA: 'executionDate',
        SEPA_INSTANT: 'executionDate',
        FEDWIRE: 'executionDate',
        ACH: 'settlementDate',
        SWIFT: 'executionDate',
      },
    );
  });
});

describe('ACH: the NACHA file and the withdrawal give one date', () => {
  const debtor = (achSameDay: boolean): UsdAccount => ({
    currency: 'USD',
    name: 'Fintech Inc',
    accountNumber: '000123456789',
    routingNumber: '021000021',
    domesticRail: 'ACH',
    achCompanyId: '1123456789',
    achSameDay,
  });
  /** The effective entry date of the ACH file the batcher writes at `createdAt` (YYMMDD), and the answer's date. */
  function filedAt(createdAt: string, achSameDay: boolean, amount = '250.00') {
    const account = debtor(achSameDay);
    const landing = railLanding('ACH', account, at(createdAt), [amount]);
    const file = writeRailFile(
      'ACH',
      {
        messageId: '0f3c9a8e5b7d4c1a9e2f6b8d0c4a7e13',
        createdAt,
        executionDate: landing.executionDate,
        initiatingParty: 'Fintech Inc',
        debtor: account,
        payments: [
          {
            endToEndId: 'WD-AAAA-0001',
            amount,
            creditor: {
              name: 'Ada Lovelace',
              kind: 'individual',
              iban: null,
              accountNumber: '987654321',
              bic: null,
              routingNumber: '026009593',
              address: null,
            },
            remittance: 'Payout WD-AAAA-0001',
          },
        ],
      },
      { createdAt: at(createdAt), debtor: account, settlementDate: landing.settlementDate },
    );
    const effective = parseNacha(file)[1]?.fields.effectiveEntryDate;
    // The answer's day on New York's clocks, as the file writes it.
    const answered = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' })
      .format(landing.expectedAt)
      .replaceAll('-', '')
      .slice(2);
    return { effective, answered, expectedAt: landing.expectedAt.toISOString() };
  }

  // [what, filed at (UTC), same day, effective entry date, expected on the creditor's account]
  const cases: [string, string, boolean, string, string][] = [
    // Thanksgiving (Thursday 2026-11-26), a Fed holiday: the ODFI takes the file on Friday.
    ['on Thanksgiving, next day', '2026-11-26T15:00:00Z', false, '261130', '2026-11-30T13:30:00.000Z'],
    ['on Thanksgiving, same day', '2026-11-26T15:00:00Z', true, '261127', '2026-11-27T22:00:00.000Z'],
    // A weekend: Saturday's file is taken on Monday.
    ['on a Saturday, next day', '2026-11-28T12:00:00Z', false, '261201', '2026-12-01T13:30:00.000Z'],
    ['on a Saturday, same day', '2026-11-28T12:00:00Z', true, '261130', '2026-11-30T22:00:00.000Z'],
    // Tuesday 13:59 New York, before the 14:00 cut-off.
    ['before the cut-off, next day', '2026-11-24T18:59:00Z', false, '261125', '2026-11-25T13:30:00.000Z'],
    ['before the cut-off, same day', '2026-11-24T18:59:00Z', true, '261124', '2026-11-24T22:00:00.000Z'],
    // Tuesday 14:00 New York: executes Wednesday, so next day is Friday (Thursday is Thanksgiving).
    ['after the cut-off, next day', '2026-11-24T19:00:00Z', false, '261127', '2026-11-27T13:30:00.000Z'],
    ['after the cut-off, same day', '2026-11-24T19:00:00Z', true, '261125', '2026-11-25T22:00:00.000Z'],
    // Wednesday before Thanksgiving after the cut-off: the next business day is Friday.
    [
      'after the cut-off before a holiday, same day',
      '2026-11-25T20:00:00Z',
      true,
      '261127',
      '2026-11-27T22:00:00.000Z',
    ],
    // Summer time: New York is UTC-4.
    ['in summer, same day', '2026-06-02T14:00:00Z', true, '260602', '2026-06-02T21:00:00.000Z'],
    ['in summer, next day', '2026-06-02T14:00:00Z', false, '260603', '2026-06-03T12:30:00.000Z'],
  ];

  it.each(cases)('%s', (_what, createdAt, sameDay, effective, expectedAt) => {
    const filed = filedAt(createdAt, sameDay);
    expect(filed).toEqual({ effective, answered: effective, expectedAt });
  });

  it('a file with a payment over the same-day limit of 1,000,000.00 goes next day, file and answer alike', () => {
    // Tuesday 2026-11-24 13:59 New York, before the cut-off.
    expect(filedAt('2026-11-24T18:59:00Z', true, '1000000.00')).toMatchObject({ effective: '261124' });
    expect(filedAt('2026-11-24T18:59:00Z', true, '1000000.01')).toEqual({
      effective: '261125',
      answered: '261125',
      expectedAt: '2026-11-25T13:30:00.000Z',
    });
  });
});
