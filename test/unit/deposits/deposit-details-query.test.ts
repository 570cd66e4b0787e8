import { describe, expect, it } from 'vitest';
import { DepositDetailsQuery, depositRail } from '#shared/deposits/schemas.ts';
import { parseOrThrow } from '#shared/http/validation.ts';

const parse = (query: Record<string, string>) => depositRail(parseOrThrow(DepositDetailsQuery, query));

describe('the deposit details query', () => {
  it("defaults to the currency's domestic rail and takes any case", () => {
    expect(parse({ currency: 'EUR' })).toEqual({ currency: 'eur', paymentRail: 'SEPA' });
    expect(parse({ currency: 'usd' })).toEqual({ currency: 'usd', paymentRail: 'FEDWIRE' });
    expect(parse({ currency: 'Usd', paymentRail: 'swift' })).toEqual({ currency: 'usd', paymentRail: 'SWIFT' });
  });

  it("takes Compose's paymentRail alone and infers the currency", () => {
    expect(parse({ paymentRail: 'SEPA' })).toEqual({ currency: 'eur', paymentRail: 'SEPA' });
    expect(parse({ paymentRail: 'FEDWIRE' })).toEqual({ currency: 'usd', paymentRail: 'FEDWIRE' });
    expect(parse({ paymentRail: 'swift' })).toEqual({ currency: 'usd', paymentRail: 'SWIFT' });
  });

  it.each([
    [{}, 'Missing required query parameter: paymentRail'],
    [{ currency: 'gbp' }, 'currency: Must be one of: eur, usd'],
    [{ currency: 'eur', paymentRail: 'FEDWIRE' }, 'paymentRail: Must be one of: SEPA for eur'],
    [{ currency: 'usd', paymentRail: 'SEPA' }, 'paymentRail: Must be one of: FEDWIRE, SWIFT for usd'],
    [{ currency: 'usd', paymentRail: 'ACH' }, 'paymentRail: Must be one of: SEPA, FEDWIRE, SWIFT'],
    [{ currency: 'usd', rail: 'SWIFT' }, 'rail: Unrecognized field'],
  ])('refuses %j with "%s"', (query, message) => {
    expect(() => parse(query)).toThrow(message);
  });
});
