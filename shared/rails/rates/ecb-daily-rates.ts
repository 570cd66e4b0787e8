import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * The European Central Bank's euro foreign exchange reference rates, as it publishes them every TARGET business
 * day around 16:00 CET (`eurofxref-daily.xml`): a `gesmes:Envelope` whose `Cube` holds one `Cube time="YYYY-MM-DD"`
 * with a `Cube currency="USD" rate="1.0512"` per currency, each the units of that currency per 1 EUR. Where it
 * is fetched from is `ECB_RATES_URL` (shared/config/env.ts).
 */
export type EcbDailyRates = { date: string; ratesPerEur: Record<string, string> };

/** The file is not what the ECB publishes (not XML, no reference day, a rate that is not a positive decimal). */
export class MalformedReferenceRatesError extends Error {}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'Cube',
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const RATE = /^(0|[1-9]\d{0,5})(\.\d{1,10})?$/;

type Cube = { '@time'?: string; '@currency'?: string; '@rate'?: string; Cube?: Cube[] };

export function parseEcbDailyRates(xml: string): EcbDailyRates {
  if (XMLValidator.validate(xml) !== true) throw new MalformedReferenceRatesError('not well-formed XML');
  const document = parser.parse(xml) as { Envelope?: { Cube?: Cube[] } };
  const days = (document.Envelope?.Cube ?? []).flatMap((outer) => outer.Cube ?? []).filter((cube) => cube['@time']);
  // The daily file holds one day; the 90-day history holds many, newest first: the newest is the one.
  const day = days.sort((a, b) => String(b['@time']).localeCompare(String(a['@time'])))[0];
  const date = day?.['@time'];
  if (!day || !date || !DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    throw new MalformedReferenceRatesError('no reference day (Cube time="YYYY-MM-DD")');
  }
  const ratesPerEur: Record<string, string> = {};
  for (const cube of day.Cube ?? []) {
    const currency = cube['@currency'];
    const rate = cube['@rate'];
    if (!currency || !/^[A-Z]{3}$/.test(currency) || !rate || !RATE.test(rate) || /^0(\.0+)?$/.test(rate)) {
      throw new MalformedReferenceRatesError(
        `a rate that is not a positive decimal: ${currency ?? '?'}=${rate ?? '?'}`,
      );
    }
    ratesPerEur[currency] = rate;
  }
  return { date, ratesPerEur };
}

/** Fetches and parses the daily file; any failure (network, status, content) throws. */
export async function fetchEcbDailyRates(url: string, timeoutMs = 10_000): Promise<EcbDailyRates> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/xml' } });
  if (!response.ok) throw new Error(`ECB reference rates: HTTP ${response.status} from ${url}`);
  return parseEcbDailyRates(await response.text());
}
