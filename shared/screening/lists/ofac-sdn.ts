import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { type EntryKind, type ListEntry, MalformedListError, type ParsedList } from '#shared/screening/list-entries.ts';

/**
 * OFAC's SDN list in its CSV set (Treasury's "SDN data specification"): four files without a header row, records
 * in double-quoted, comma-separated fields, `-0-` (often padded, `-0- `) for an empty field, and an end-of-file
 * byte (0x1A) on the last line.
 *
 * - `sdn.csv`: ent_num, SDN_Name, SDN_Type (`individual`, `vessel`, `aircraft`; empty for an entity), Program,
 *   Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag, Vess_owner, Remarks (12 fields).
 * - `alt.csv`: ent_num, alt_num, alt_type (`aka`, `fka`, `nka`), alt_name, alt_remarks (5 fields).
 * - `add.csv`: ent_num, add_num, address, city/state/province/postal code, country, add_remarks (6 fields).
 * - `sdn_comments.csv`: ent_num, remarks_extended (2 fields): the Remarks that did not fit `sdn.csv`.
 *
 * Remarks carry the digital-currency addresses, `Digital Currency Address - ETH 0x…;` (the currency code, then the
 * address), in either remarks file. OFAC gives the CSV set no version of its own: the version is the files' hash.
 */
export type OfacFiles = {
  sdn: string;
  alt?: string | undefined;
  add?: string | undefined;
  comments?: string | undefined;
};

export const OFAC_FILE_NAMES = {
  sdn: 'sdn.csv',
  alt: 'alt.csv',
  add: 'add.csv',
  comments: 'sdn_comments.csv',
} as const;

const FIELDS = { sdn: 12, alt: 5, add: 6, comments: 2 } as const;
const KINDS: Record<string, EntryKind> = { individual: 'individual', vessel: 'vessel', aircraft: 'aircraft' };
const END_OF_FILE = String.fromCharCode(0x1a);
const DIGITAL_CURRENCY = /Digital Currency Address - ([A-Z0-9]+)\s+([^\s;,]+)/g;

export function parseOfacSdn(files: OfacFiles): ParsedList {
  const entries = new Map<string, ListEntry & { remarks: string }>();
  for (const [line, row] of rows('sdn', files.sdn)) {
    const entNum = entNumOf('sdn', line, row);
    const name = value(row[1]);
    if (!name) throw malformed('sdn', line, 'SDN_Name is empty');
    if (entries.has(entNum)) throw malformed('sdn', line, `ent_num ${entNum} appears twice`);
    entries.set(entNum, {
      list: 'OFAC_SDN',
      entryId: entNum,
      name,
      kind: KINDS[value(row[2]).toLowerCase()] ?? 'entity',
      programs: value(row[3])
        .split(/[\][;]/)
        .map((program) => program.trim())
        .filter(Boolean),
      aliases: [],
      addresses: [],
      remarks: value(row[11]),
    });
  }
  const owner = (file: keyof typeof FIELDS, line: number, row: string[]) => {
    const entNum = entNumOf(file, line, row);
    const entry = entries.get(entNum);
    if (!entry) throw malformed(file, line, `ent_num ${entNum} is not in sdn.csv`);
    return entry;
  };
  for (const [line, row] of rows('alt', files.alt ?? '')) {
    const alias = value(row[3]);
    if (alias) owner('alt', line, row).aliases.push(alias);
  }
  for (const [line, row] of rows('add', files.add ?? '')) owner('add', line, row);
  for (const [line, row] of rows('comments', files.comments ?? '')) {
    const entry = owner('comments', line, row);
    entry.remarks = `${entry.remarks} ${value(row[1])}`;
  }
  const list = [...entries.values()].map(({ remarks, ...entry }) => ({ ...entry, addresses: addressesIn(remarks) }));
  return { list: 'OFAC_SDN', version: `sha256:${hashOf(files)}`, entries: list };
}

/** The digital-currency addresses of an entry's remarks, each once. */
export function addressesIn(remarks: string) {
  const found = new Map<string, { currency: string; address: string }>();
  for (const match of remarks.matchAll(DIGITAL_CURRENCY)) {
    const [, currency, address] = match as unknown as [string, string, string];
    found.set(`${currency} ${address}`, { currency, address });
  }
  return [...found.values()];
}

function* rows(file: keyof typeof FIELDS, text: string): Generator<[number, string[]]> {
  // The end-of-file byte OFAC writes after the last record is no record.
  const trimmed = text.trimEnd();
  const body = trimmed.endsWith(END_OF_FILE) ? trimmed.slice(0, -1) : trimmed;
  let records: string[][];
  try {
    records = parse(body, { relax_column_count: true, skip_empty_lines: true, bom: true });
  } catch (error) {
    throw new MalformedListError(`${OFAC_FILE_NAMES[file]}: not CSV: ${(error as Error).message}`);
  }
  let line = 0;
  for (const record of records) {
    line++;
    if (record.length !== FIELDS[file]) {
      throw malformed(file, line, `expected ${FIELDS[file]} fields, found ${record.length}`);
    }
    yield [line, record];
  }
}

function entNumOf(file: keyof typeof FIELDS, line: number, row: string[]) {
  const entNum = value(row[0]);
  if (!/^\d+$/.test(entNum)) throw malformed(file, line, `ent_num must be a number, found "${entNum.slice(0, 20)}"`);
  return entNum;
}

/** A field's text; OFAC's `-0-` (empty) is the empty string. */
const value = (field: string | undefined) => {
  const trimmed = (field ?? '').trim();
  return trimmed === '-0-' ? '' : trimmed;
};

const malformed = (file: keyof typeof FIELDS, line: number, reason: string) =>
  new MalformedListError(`${OFAC_FILE_NAMES[file]} record ${line}: ${reason}`);

function hashOf(files: OfacFiles) {
  const hash = createHash('sha256');
  for (const part of [files.sdn, files.alt, files.add, files.comments]) hash.update(part ?? '').update('\0');
  return hash.digest('hex').slice(0, 16);
}
