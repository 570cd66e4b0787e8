import * as z from '#shared/validation/zod.ts';

/**
 * ISO 3166-1 alpha-2 codes, checked against the ICU region data that ships with Node (no hand-kept table).
 * ICU also names a few non-country regions, user-assigned and withdrawn codes; those are refused explicitly.
 * XK (Kosovo) is user-assigned but used by banks and the IBAN registry, so it is kept.
 */
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const NOT_COUNTRIES = new Set([
  ...['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ'],
  ...['AN', 'BU', 'CS', 'DD', 'FX', 'NT', 'SU', 'TP', 'YD', 'YU', 'ZR'],
  // Reserved for other uses, not countries (UK is GB).
  ...['AC', 'CP', 'DG', 'EA', 'IC', 'TA', 'UK'],
]);

export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  try {
    return regionNames.of(code) !== undefined;
  } catch {
    return false;
  }
}

export const CountryCodeSchema = z
  .pipe(
    z.string(),
    z.transform((value) => value.trim().toUpperCase()),
  )
  .check(
    z.refine(isCountryCode, { error: 'Must be an ISO 3166-1 alpha-2 country code' }),
    z.meta({ description: 'ISO 3166-1 alpha-2 country code (case-insensitive)', examples: ['DE'] }),
  );
