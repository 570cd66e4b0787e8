import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Sanctions list files in their publishers' formats (test/support/screening/lists/README.md): the OFAC SDN CSV set,
 * the UN consolidated XML and the EU consolidated XML, with made-up entries.
 */
export const LIST_FIXTURES_DIR = join(import.meta.dirname, 'lists');

export const LIST_FIXTURE_FILES = [
  'sdn.csv',
  'alt.csv',
  'add.csv',
  'sdn_comments.csv',
  'consolidated.xml',
  'eu-consolidated.xml',
] as const;

export const listFixture = (name: (typeof LIST_FIXTURE_FILES)[number]) =>
  readFileSync(join(LIST_FIXTURES_DIR, name), 'utf8');

export const allListFixtures = () =>
  new Map<string, string>(LIST_FIXTURE_FILES.map((name) => [name, listFixture(name)]));

/** Listed in the fixtures (sdn.csv ent_num 18804, ETH): a sender USDC must never be credited from. */
export const LISTED_ETH_ADDRESS = '0x098B716B8Aaf21512996dC57EB0615e2383E2f96';
