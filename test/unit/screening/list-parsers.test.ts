import { describe, expect, it } from 'vitest';
import { MalformedListError } from '#shared/screening/list-entries.ts';
import { parseEuConsolidated } from '#shared/screening/lists/eu-consolidated.ts';
import { readListFiles } from '#shared/screening/lists/list-files.ts';
import { addressesIn, parseOfacSdn } from '#shared/screening/lists/ofac-sdn.ts';
import { parseUnConsolidated } from '#shared/screening/lists/un-consolidated.ts';
import { allListFixtures, listFixture } from '#test/support/screening/list-fixtures.ts';

const ofac = () => ({
  sdn: listFixture('sdn.csv'),
  alt: listFixture('alt.csv'),
  add: listFixture('add.csv'),
  comments: listFixture('sdn_comments.csv'),
});

describe('the OFAC SDN CSV set', () => {
  it('reads every entry with its aliases, programs and the addresses of both remarks files', () => {
    const list = parseOfacSdn(ofac());
    expect(list.list).toBe('OFAC_SDN');
    expect(list.version).toMatch(/^sha256:[0-9a-f]{16}$/);
    expect(list.entries).toHaveLength(7);
    const crescent = list.entries.find((entry) => entry.entryId === '12011');
    expect(crescent).toMatchObject({
      name: 'GOLDEN CRESCENT TRADING LLC',
      kind: 'entity',
      programs: ['SDGT', 'IRGC'],
      aliases: ['GOLDEN CRESCENT GENERAL TRADING FZE'],
      addresses: [
        { currency: 'USDT', address: '0x7db418b5d567a4e0e8c59ad71be1fce48f3e6107' },
        { currency: 'ETH', address: '0x1e34a77868e19a6647b1f2f47b51ed72dede95dd' },
      ],
    });
    expect(list.entries.find((entry) => entry.entryId === '21500')?.kind).toBe('vessel');
  });

  it('reads -0- as empty and the end-of-file byte as no record', () => {
    const list = parseOfacSdn({ sdn: '1,"ACME",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n\x1a' });
    expect(list.entries).toEqual([
      { list: 'OFAC_SDN', entryId: '1', name: 'ACME', kind: 'entity', programs: [], aliases: [], addresses: [] },
    ]);
  });

  it('finds digital currency addresses with their currency codes', () => {
    expect(
      addressesIn('DOB 1970; Digital Currency Address - ETH 0xAbC; alt. Digital Currency Address - XBT 1Ab;'),
    ).toEqual([
      { currency: 'ETH', address: '0xAbC' },
      { currency: 'XBT', address: '1Ab' },
    ]);
  });

  it.each([
    ['a record with too few fields', { sdn: '1,"ACME",-0- \r\n' }, 'sdn.csv record 1: expected 12 fields, found 3'],
    [
      'an ent_num that is no number',
      { sdn: 'x1,"ACME",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n' },
      'sdn.csv record 1: ent_num must be a number, found "x1"',
    ],
    [
      'an alias of an entry that is not listed',
      { sdn: ofac().sdn, alt: '999,1,"aka","NOBODY",-0- \r\n' },
      'alt.csv record 1: ent_num 999 is not in sdn.csv',
    ],
    ['unbalanced quotes', { sdn: '1,"ACME,-0- \r\n' }, 'sdn.csv: not CSV'],
    [
      'an empty name',
      { sdn: '1,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n' },
      'sdn.csv record 1: SDN_Name is empty',
    ],
  ])('refuses %s with a message naming the file and record', (_, files, message) => {
    expect(() => parseOfacSdn(files)).toThrow(MalformedListError);
    expect(() => parseOfacSdn(files)).toThrow(message);
  });
});

describe('the UN consolidated list', () => {
  it('reads individuals and entities, their names joined, aliases but the Low quality ones, the original script', () => {
    const list = parseUnConsolidated(listFixture('consolidated.xml'));
    expect(list.version).toBe('2026-11-27T17:10:03.533Z');
    expect(list.entries.map((entry) => [entry.entryId, entry.kind, entry.name])).toEqual([
      ['KPi.901', 'individual', 'RYOM CHOL SONG'],
      ['TAi.950', 'individual', 'Abdul Rahim Haqqani'],
      ['KPe.970', 'entity', 'KORYO MARITIME TRANSPORT CORPORATION'],
    ]);
    expect(list.entries[0]?.aliases).toEqual(['Ryom Chol-song', '렴철성']);
    expect(list.entries[2]?.aliases).toEqual(['Koryo Haeun']);
  });

  it('refuses a DOCTYPE before parsing, so no entity is ever expanded', () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><CONSOLIDATED_LIST dateGenerated="1"><INDIVIDUALS><INDIVIDUAL><REFERENCE_NUMBER>&e;</REFERENCE_NUMBER></INDIVIDUAL></INDIVIDUALS></CONSOLIDATED_LIST>`;
    expect(() => parseUnConsolidated(xml)).toThrow(
      'UN consolidated list: a DOCTYPE is not accepted in a sanctions list',
    );
  });

  it.each([
    ['XML that is not well-formed', '<CONSOLIDATED_LIST dateGenerated="1"><INDIVIDUALS>', 'not well-formed XML'],
    ['no version', '<CONSOLIDATED_LIST><INDIVIDUALS/></CONSOLIDATED_LIST>', 'has no dateGenerated'],
    [
      'no entries',
      '<CONSOLIDATED_LIST dateGenerated="1"><INDIVIDUALS/></CONSOLIDATED_LIST>',
      'no INDIVIDUAL or ENTITY',
    ],
    [
      'an individual without a name',
      '<CONSOLIDATED_LIST dateGenerated="1"><INDIVIDUALS><INDIVIDUAL><REFERENCE_NUMBER>QDi.1</REFERENCE_NUMBER></INDIVIDUAL></INDIVIDUALS></CONSOLIDATED_LIST>',
      'INDIVIDUAL 1 (QDi.1) has no name',
    ],
  ])('refuses %s', (_, xml, message) => {
    expect(() => parseUnConsolidated(xml)).toThrow(message);
  });
});

describe('the EU consolidated list', () => {
  it('reads each sanctionEntity: the first name alias its name, the others (Cyrillic too) its aliases', () => {
    const list = parseEuConsolidated(listFixture('eu-consolidated.xml'));
    expect(list.version).toBe('2026-11-27T18:01:12.519+01:00 (file 171234)');
    expect(list.entries).toEqual([
      expect.objectContaining({
        entryId: '139001',
        kind: 'individual',
        name: 'Anatoliy Viktorovich Zhelezniakov',
        aliases: ['Анатолий Викторович Железняков'],
        programs: ['UKR'],
      }),
      expect.objectContaining({ entryId: '139050', kind: 'entity', aliases: ['Nordveter Logistics LLC'] }),
    ]);
  });

  it('refuses an entity without a name', () => {
    const xml =
      '<export generationDate="1"><sanctionEntity logicalId="5"><nameAlias wholeName=""/></sanctionEntity></export>';
    expect(() => parseEuConsolidated(xml)).toThrow(
      'EU consolidated list: sanctionEntity 5 has no nameAlias with a name',
    );
  });
});

describe('a folder of list files', () => {
  it('reads the OFAC set by its names and each XML by its root element', () => {
    const { lists, failures } = readListFiles(allListFixtures());
    expect(failures).toEqual([]);
    expect(lists.map((list) => list.list).sort()).toEqual(['EU_CONSOLIDATED', 'OFAC_SDN', 'UN_CONSOLIDATED']);
  });

  it('loads the lists that parse and reports the one that does not, with its reason', () => {
    const files = allListFixtures();
    files.set('consolidated.xml', '<CONSOLIDATED_LIST dateGenerated="x"><INDIVIDUALS>');
    files.set('notes.xml', '<notes/>');
    const { lists, failures } = readListFiles(files);
    expect(lists.map((list) => list.list).sort()).toEqual(['EU_CONSOLIDATED', 'OFAC_SDN']);
    expect(failures).toEqual([
      { list: 'UN_CONSOLIDATED', file: 'consolidated.xml', reason: expect.stringContaining('not well-formed XML') },
      { list: undefined, file: 'notes.xml', reason: expect.stringContaining('not a list this service reads') },
    ]);
  });
});
