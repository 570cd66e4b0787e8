import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MalformedReferenceRatesError, parseEcbDailyRates } from '#shared/rails/rates/ecb-daily-rates.ts';

const SAMPLE = readFileSync(path.join(import.meta.dirname, 'samples/ecb-eurofxref-daily.xml'), 'utf8');

/** A file in the ECB's format with these days (each `[date, [[currency, rate], ...]]`). */
const ecbFile = (days: [string, [string, string][]][]) => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube>${days
    .map(
      ([date, rates]) =>
        `<Cube time="${date}">${rates.map(([currency, rate]) => `<Cube currency="${currency}" rate="${rate}"/>`).join('')}</Cube>`,
    )
    .join('')}</Cube>
</gesmes:Envelope>`;

describe("the ECB's daily reference rates", () => {
  it('reads the reference day and every rate exactly as published (units per euro)', () => {
    expect(parseEcbDailyRates(SAMPLE)).toEqual({
      date: '2026-11-24',
      ratesPerEur: { USD: '1.0512', JPY: '162.37', GBP: '0.83215', CHF: '0.9387', SEK: '11.4985' },
    });
  });

  it('takes the newest day of a file holding several (the 90-day history), whatever their order', () => {
    const file = ecbFile([
      ['2026-11-20', [['USD', '1.0401']]],
      ['2026-11-24', [['USD', '1.0512']]],
      ['2026-11-23', [['USD', '1.0499']]],
    ]);

    expect(parseEcbDailyRates(file)).toEqual({ date: '2026-11-24', ratesPerEur: { USD: '1.0512' } });
  });

  it.each([
    ['not XML', 'Service Unavailable'],
    ['XML without a reference day', '<gesmes:Envelope xmlns:gesmes="x"><Cube><Cube/></Cube></gesmes:Envelope>'],
    ['a day that is no date', ecbFile([['24.11.2026', [['USD', '1.0512']]]])],
    ['an impossible date', ecbFile([['2026-13-45', [['USD', '1.0512']]]])],
    ['a zero rate', ecbFile([['2026-11-24', [['USD', '0.0000']]]])],
    ['a negative rate', ecbFile([['2026-11-24', [['USD', '-1.05']]]])],
    ['a rate in exponent form', ecbFile([['2026-11-24', [['USD', '1.05e0']]]])],
    ['a currency that is no ISO code', ecbFile([['2026-11-24', [['usd', '1.0512']]]])],
  ])('refuses %s: the last good rate stays', (_case, file) => {
    expect(() => parseEcbDailyRates(file)).toThrow(MalformedReferenceRatesError);
  });
});
