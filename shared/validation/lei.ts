import * as z from '#shared/validation/zod.ts';

/** A Legal Entity Identifier's shape (ISO 17442): 18 letters or digits, then two check digits. */
export const LEI_PATTERN = /^[A-Z0-9]{18}\d{2}$/;

/**
 * ISO 17442's check digits are ISO 7064 MOD 97-10, as an IBAN's: letters read as 10..35, the whole number mod 97 is 1.
 * Computed digit by digit, so no number grows past 97 * 100.
 */
export function leiCheckDigitsHold(lei: string): boolean {
  let remainder = 0;
  for (const character of lei) {
    const value = Number.parseInt(character, 36);
    remainder = (remainder * (value > 9 ? 100 : 10) + value) % 97;
  }
  return remainder === 1;
}

/** An LEI given to the service: its shape, then its check digits (a typo is refused before it is stored). */
export const LeiSchema = z
  .string()
  .check(
    z.regex(LEI_PATTERN, { error: 'Must be a 20-character LEI' }),
    z.refine(leiCheckDigitsHold, { error: 'Check digits do not match: not an LEI (ISO 17442)' }),
  );
