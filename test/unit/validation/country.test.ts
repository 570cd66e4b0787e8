import { describe, expect, it } from 'vitest';
import { CountryCodeSchema, isCountryCode } from '#shared/validation/country.ts';

describe('isCountryCode', () => {
  it.each(['DE', 'FR', 'US', 'GB', 'CH', 'NL', 'AQ', 'IO'])('accepts the ISO 3166-1 alpha-2 code %s', (code) => {
    expect(isCountryCode(code)).toBe(true);
  });

  it('accepts XK (Kosovo), which banks and the IBAN registry use', () => {
    expect(isCountryCode('XK')).toBe(true);
  });

  it.each(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ'])('refuses the non-country region %s', (code) => {
    expect(isCountryCode(code)).toBe(false);
  });

  it.each(['SU', 'YU', 'DD', 'ZR', 'AN', 'CS', 'TP'])('refuses the withdrawn code %s', (code) => {
    expect(isCountryCode(code)).toBe(false);
  });

  it.each(['AA', 'QM', 'XX', 'OO'])('refuses the unassigned code %s', (code) => {
    expect(isCountryCode(code)).toBe(false);
  });

  it.each(['de', 'De', 'D', 'DEU', '276', '', ' DE'])('refuses %j, which is not two upper-case letters', (code) => {
    expect(isCountryCode(code)).toBe(false);
  });

  // ICU knows these exceptionally reserved codes as regions, but they are not
  // ISO 3166-1 alpha-2 country codes; banks refuse them (a UK customer must be GB).
  it.each(['UK', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA'])('refuses the exceptionally reserved code %s', (code) => {
    expect(isCountryCode(code)).toBe(false);
  });
});

describe('CountryCodeSchema', () => {
  it('normalises case and surrounding blanks to the upper-case code', () => {
    expect(CountryCodeSchema.parse(' de ')).toBe('DE');
  });

  it('refuses an unknown code with the contract message', () => {
    const result = CountryCodeSchema.safeParse('QQ');

    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Must be an ISO 3166-1 alpha-2 country code']);
  });
});
