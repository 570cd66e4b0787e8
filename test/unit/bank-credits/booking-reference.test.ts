import { describe, expect, it } from 'vitest';
import { bookingIdOf } from '#shared/bank-credits/credits-of-report.ts';
import { bookingReference } from '#shared/bank-credits/deposit-of-credit.ts';
import { newReference } from '#shared/transactions/new-transaction.ts';

describe("a bank credit's deposit reference", () => {
  it("is its booking's id in Crockford's base32, one per booking, never a drawn reference", () => {
    const ids = Array.from({ length: 2000 }, (_, n) => bookingIdOf({ iban: 'DE89370400440532013000' }, `REF${n}`));

    const references = ids.map(bookingReference);

    expect(new Set(references).size).toBe(ids.length);
    for (const reference of references) expect(reference).toMatch(/^DP-[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(bookingReference(`${'0'.repeat(31)}1`)).toBe(`DP-${'0'.repeat(25)}1`);
    expect(bookingReference('f'.repeat(32))).toBe(`DP-7${'Z'.repeat(25)}`);
    expect(newReference('DEPOSIT')).toMatch(/^DP-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(() => bookingReference('not a booking')).toThrow('is not a booking id');
  });
});
