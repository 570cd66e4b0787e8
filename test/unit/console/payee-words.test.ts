import { describe, expect, it } from 'vitest';
import { accountText, PAYEE_RESULT_WORDS, RECIPIENT_WORDS } from '#infra/console/src/format.ts';
import { RecipientTypeSchema } from '#shared/banks/records.ts';
import { PayeeCheckResultSchema } from '#shared/rails/payee-verification/port.ts';

describe("the console's words for a bank held by Verification of Payee", () => {
  it("say every answer of the server's check and every recipient type, none as its code", () => {
    expect(Object.keys(PAYEE_RESULT_WORDS).sort()).toEqual([...PayeeCheckResultSchema.options].sort());
    expect(Object.keys(RECIPIENT_WORDS).sort()).toEqual([...RecipientTypeSchema.options].sort());
    const said = [
      ...Object.values(PAYEE_RESULT_WORDS).flatMap((w) => [w.badge, w.text]),
      ...Object.values(RECIPIENT_WORDS),
    ];
    for (const text of said) expect(text).not.toMatch(/[A-Z]{2,}_|_[A-Z]{2,}|^[A-Z_]+$/);
    expect(PAYEE_RESULT_WORDS.CLOSE_MATCH.badge).toBe('Close match');
  });

  it('group an IBAN by four and leave a domestic account number as it is', () => {
    expect(accountText('FR1420041010050500013M02606')).toBe('FR14 2004 1010 0505 0001 3M02 606');
    expect(accountText('000123456789')).toBe('000123456789');
  });
});
