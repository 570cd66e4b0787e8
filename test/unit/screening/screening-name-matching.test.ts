import { describe, expect, it } from 'vitest';
import { jaroWinkler } from '#shared/screening/jaro-winkler.ts';
import type { ParsedList } from '#shared/screening/list-entries.ts';
import { readListFiles } from '#shared/screening/lists/list-files.ts';
import { nameTokens, normalizeName } from '#shared/screening/normalize-name.ts';
import { canonicalEvmAddress, MATCH_THRESHOLD, ScreeningIndex } from '#shared/screening/screening-index.ts';
import { allListFixtures, LISTED_ETH_ADDRESS } from '#test/support/screening/list-fixtures.ts';

const index = new ScreeningIndex(readListFiles(allListFixtures()).lists);
const hitOf = (name: string) => index.screenName(name)[0];

describe('the screening spelling of a name', () => {
  it.each([
    ['Jörg Müller-Strauß', 'jorg muller strauss'],
    ["O'Brien, Seán", 'obrien sean'],
    ['ＧＯＬＤＥＮ Ｃｒｅｓｃｅｎｔ', 'golden crescent'],
    ['Железняков Анатолий', 'zheleznyakov anatolii'],
    ['Αλέξανδρος Παπαδόπουλος', 'alexandros papadopoulos'],
    ['Golden Crescent Trading L.L.C.', 'golden crescent trading'],
    ['OOO Nordveter Logistics', 'nordveter logistics'],
    ['Nordwind Logistik GmbH', 'nordwind logistik'],
    ['Limited', 'limited'],
    ['Smith & Co Trading Ltd', 'smith co trading'],
    ['Dmi\u200btri Kova\u200dlenko', 'dmitri kovalenko'],
    ['Dm\u0456tri Kovalenko', 'dmitri kovalenko'],
    ['\u202eDmitri\u202c Kovalenko', 'dmitri kovalenko'],
    ['Dmitri\u0000Kovalenko', 'dmitri kovalenko'],
    ['!!! ---', ''],
  ])('%s is %s', (name, spelling) => {
    expect(normalizeName(name)).toBe(spelling);
  });

  it('keeps the last word when every word is a legal form', () => {
    expect(nameTokens('Company Limited')).toEqual(['limited']);
  });
});

describe('Jaro-Winkler', () => {
  it('gives the textbook values', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 2);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
    expect(jaroWinkler('same', 'same')).toBe(1);
  });
});

describe('screening a name', () => {
  it.each([
    ['the primary name as listed', 'KOVALENKO, Dmitri Sergeyevich', '9640'],
    ['an alias', 'Golden Crescent General Trading FZE', '12011'],
    ['swapped word order', 'Dmitri Sergeyevich Kovalenko', '9640'],
    ['accents for the listed transliteration', 'Jörg Müller-Strauss', '18804'],
    ['lower case and no hyphen', 'joerg mueller strauss', '18804'],
    ['another legal form', 'Golden Crescent Trading Ltd.', '12011'],
    ['a typo', 'Golden Cresent Trading', '12011'],
    ['a patronymic left out', 'Anatoliy Zhelezniakov', '139001'],
    ['the Cyrillic spelling of an EU entry', 'Железняков Анатолий Викторович', '139001'],
    ['a Cyrillic look-alike letter', 'Dm\u0456tri Kovalenko', '9640'],
    ['a Greek look-alike letter', 'G\u03bflden Crescent Trading', '12011'],
    ['zero-width characters inside words', 'Dmi\u200btri Ko\u200cvalenko', '9640'],
    ['fullwidth letters', 'ＫＯＶＡＬＥＮＫＯ Ｄｍｉｔｒｉ', '9640'],
    ['a UN entity, shortened legal form', 'Koryo Maritime Transport Corp', 'KPe.970'],
    ['a UN individual by its good alias', 'Ryom Chol-song', 'KPi.901'],
  ])('finds %s', (_, name, entryId) => {
    const hit = hitOf(name);
    expect(hit?.entryId).toBe(entryId);
    expect(hit?.score).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
  });

  it.each([
    ['someone else with a listed surname', 'Maria Kovalenko'],
    ['an unrelated name', 'Jane Doe'],
    ['a UN alias of Low quality alone', 'Chol'],
    ['a name made of punctuation', '---'],
    ['an empty name', ''],
    ['an unrelated company', 'Golden Gate Bakery LLC'],
  ])('passes %s', (_, name) => {
    expect(index.screenName(name)).toEqual([]);
  });

  it('answers an oversized name without failing: the first 512 characters are screened', () => {
    const long = `Dmitri Kovalenko ${'x'.repeat(100_000)}`;
    expect(() => index.screenName(long)).not.toThrow();
    expect(index.screenName(`KOVALENKO Dmitri ${' '.repeat(10_000)}`)[0]?.entryId).toBe('9640');
  });

  it('names the list, the entry, the spelling matched and the score', () => {
    expect(hitOf('Dmitriy Kovalenko')).toEqual({
      list: 'OFAC_SDN',
      entryId: '9640',
      entryName: 'KOVALENKO, Dmitri Sergeyevich',
      matchedName: 'KOVALENKO, Dmitriy',
      score: 1,
    });
  });

  it('indexes names of many lists at once', () => {
    const lists: ParsedList[] = [
      {
        list: 'UN_CONSOLIDATED',
        version: '1',
        entries: [
          {
            list: 'UN_CONSOLIDATED',
            entryId: 'A',
            name: 'Amir Tal',
            kind: 'individual',
            programs: [],
            aliases: [],
            addresses: [],
          },
        ],
      },
    ];
    expect(new ScreeningIndex(lists).screenName('Tal Amir')[0]?.entryId).toBe('A');
  });
});

describe('screening an address', () => {
  it('matches an EVM address whatever its letter case, with the entry and currency', () => {
    expect(index.screenAddress(LISTED_ETH_ADDRESS.toLowerCase())).toEqual([
      {
        list: 'OFAC_SDN',
        entryId: '18804',
        entryName: 'MUELLER-STRAUSS, Joerg',
        address: LISTED_ETH_ADDRESS.toLowerCase(),
        currency: 'ETH',
      },
    ]);
    expect(index.screenAddress(LISTED_ETH_ADDRESS.toUpperCase().replace('0X', '0x'))).toHaveLength(1);
  });

  it('matches addresses listed under USDT and in sdn_comments.csv', () => {
    expect(index.screenAddress('0x7DB418B5D567A4E0E8C59AD71BE1FCE48F3E6107')[0]?.entryId).toBe('12011');
    expect(index.screenAddress('0x1e34a77868e19a6647b1f2f47b51ed72dede95dd')[0]?.entryId).toBe('12011');
  });

  it('matches nothing for another address or text that is no address', () => {
    expect(index.screenAddress('0x0000000000000000000000000000000000000001')).toEqual([]);
    expect(index.screenAddress('1FzWLkAahHooV3kzTgyx6qsswXJ6sCXkSR')).toEqual([]);
    expect(canonicalEvmAddress('0x12')).toBeUndefined();
  });
});
