import { isCountryCode } from '#shared/validation/country.ts';

/**
 * Account identifiers of the two rails: the BIC's ISO 9362 shape, the ABA routing number's published formula, US
 * account numbers. IBANs are checked by the IBAN registry alone (`#shared/validation/iban.ts`).
 */

/** Spaces (any whitespace) removed, upper-cased: the electronic form banks exchange. */
export const normalizeIban = (input: string): string => input.replace(/\s+/g, '').toUpperCase();

/** The IBAN's country: its first two letters. */
export const ibanCountry = (iban: string): string => iban.slice(0, 2);

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
