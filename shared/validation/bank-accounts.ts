import { isCountryCode } from '#shared/validation/country.ts';

/**
 * Account identifiers of the two rails, checked without the IBAN registry: the BIC's ISO 9362 shape, IBAN check
 * digits (ISO 7064 mod 97-10), the ABA routing number's published formula. The registry's country lengths and
 * structures are `#shared/validation/iban.ts`, where customers' accounts are entered; these light checks are what
 * every function runs on its configuration at cold start.
 */

/** Spaces (any whitespace) removed, upper-cased: the electronic form banks exchange. */
export const normalizeIban = (input: string): string => input.replace(/\s+/g, '').toUpperCase();

/** The IBAN's country: its first two letters. */
export const ibanCountry = (iban: string): string => iban.slice(0, 2);

/** An IBAN in electronic form whose shape and check digits hold (mod 97 of the rearranged number is 1). */
export function hasValidIbanCheckDigits(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`;
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

export const normalizeBic = (input: string): string => input.trim().toUpperCase();

/** ISO 9362: 4 letters bank, 2 letters country (a real one), 2 location and optionally 3 branch characters. */
export const isValidBic = (bic: string): boolean =>
  /^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/.test(bic) && isCountryCode(bic.slice(4, 6).toUpperCase());

/**
 * The first two digits of a routing number: 00-12 (Federal Reserve districts), 21-32 (thrifts), 61-72
 * (electronic), 80 (traveller's cheques).
 */
const ROUTING_PREFIX = /^(0\d|1[0-2]|2[1-9]|3[0-2]|6[1-9]|7[0-2]|80)/;
const ABA_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/** Nine digits, a valid prefix, not all zero, and the ABA checksum: sum of digit x (3, 7, 1, ...) = 0 mod 10. */
export function isValidRoutingNumber(routingNumber: string): boolean {
  if (!/^\d{9}$/.test(routingNumber) || !ROUTING_PREFIX.test(routingNumber) || /^0+$/.test(routingNumber)) {
    return false;
  }
  const sum = ABA_WEIGHTS.reduce((total, weight, i) => total + weight * Number(routingNumber.charAt(i)), 0);
  return sum % 10 === 0;
}

/** US account numbers: 4 to 17 digits (the range Fedwire and ACH accept). */
export const isValidUsAccountNumber = (accountNumber: string): boolean => /^\d{4,17}$/.test(accountNumber);
