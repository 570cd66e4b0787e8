import { describe, expect, it } from 'vitest';
import { RAILS } from '#shared/rails/bank/rails.ts';
import { executionDate, expectedSettlement } from '#shared/rails/bank/settlement.ts';

const at = (iso: string) => new Date(iso);
const settles = (rail: keyof typeof RAILS, iso: string) =>
  expectedSettlement(RAILS[rail].settlement, at(iso)).toISOString();

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
    expect(settles('SEPA_INSTANT', '2026-12-25T23:59:55Z')).toBe('2026-12-26T00:00:05.000Z');
    expect(executionDate(RAILS.SEPA_INSTANT.settlement, at('2026-12-25T23:59:55Z'))).toBe('2026-12-25');
  });

  it('ACH: the next Federal Reserve business day at 08:30 New York; Thanksgiving and weekends closed', () => {
    // Wednesday 2026-11-25 12:00 New York (17:00 UTC) -> Friday (Thursday is Thanksgiving) 08:30 (13:30 UTC).
    expect(settles('ACH', '2026-11-25T17:00:00Z')).toBe('2026-11-27T13:30:00.000Z');
    // Filed on Thanksgiving: executes Friday, lands Monday.
    expect(settles('ACH', '2026-11-26T15:00:00Z')).toBe('2026-11-30T13:30:00.000Z');
    expect(executionDate(RAILS.ACH.settlement, at('2026-11-26T15:00:00Z'))).toBe('2026-11-27');
  });

  it('Fedwire: the same business day by 18:00 New York when filed before 17:00', () => {
    expect(settles('FEDWIRE', '2026-11-24T15:00:00Z')).toBe('2026-11-24T23:00:00.000Z');
    expect(settles('FEDWIRE', '2026-11-24T22:30:00Z')).toBe('2026-11-25T23:00:00.000Z');
  });

  it('SWIFT: two business days after execution', () => {
    expect(settles('SWIFT', '2026-11-24T10:00:00Z')).toBe('2026-11-26T16:00:00.000Z');
  });
});
