import { describe, expect, it } from 'vitest';
import { isCountryCode } from '#shared/validation/country.ts';
import { ALPHA3_CODES, alpha2Of } from '#shared/validation/country-alpha3.ts';

describe('ISO 3166-1 alpha-3 to alpha-2', () => {
  it('maps every alpha-3 code to an alpha-2 code the service accepts', () => {
    const refused = ALPHA3_CODES.filter((code) => !isCountryCode(alpha2Of(code) ?? ''));

    expect(ALPHA3_CODES.length).toBe(249);
    expect(refused).toEqual([]);
  });

  it('reads any letter case and knows no code ISO does not assign', () => {
    expect([alpha2Of('DEU'), alpha2Of('gbr'), alpha2Of('XKX'), alpha2Of('EUR')]).toEqual([
      'DE',
      'GB',
      undefined,
      undefined,
    ]);
  });
});
