/**
 * What every list format is parsed into: the lists' own words are kept (the entry's id as the list numbers it, its
 * primary name and aliases as written), so a reviewer sees what the list says. A leaf: parsers and the matcher
 * import it; it imports nothing.
 */

/** The lists the service screens against; each has one parser (`lists/`). */
export const SANCTIONS_LISTS = ['OFAC_SDN', 'UN_CONSOLIDATED', 'EU_CONSOLIDATED'] as const;
export type SanctionsListName = (typeof SANCTIONS_LISTS)[number];

/** How people read the list's name. */
export const LIST_TITLES: Record<SanctionsListName, string> = {
  OFAC_SDN: 'OFAC SDN',
  UN_CONSOLIDATED: 'UN Security Council Consolidated List',
  EU_CONSOLIDATED: 'EU Consolidated Financial Sanctions List',
};

export type EntryKind = 'individual' | 'entity' | 'vessel' | 'aircraft';

/** A digital-currency address the list names, with the currency it names it under (`ETH`, `USDC`, `XBT`, ...). */
export type ListedAddress = { currency: string; address: string };

export type ListEntry = {
  list: SanctionsListName;
  /** The list's own id: OFAC's `ent_num`, the UN's `REFERENCE_NUMBER`, the EU's `logicalId`. */
  entryId: string;
  name: string;
  kind: EntryKind;
  programs: string[];
  aliases: string[];
  addresses: ListedAddress[];
};

/** One parsed list: its entries, and the version the publisher gave it (or the content's hash where it gives none). */
export type ParsedList = {
  list: SanctionsListName;
  version: string;
  entries: ListEntry[];
  /** The files it was read from, as their source names them (set by `readListFiles`). */
  files?: readonly string[];
};

/** A list file that cannot be read as its format: the message says which file, where and why. */
export class MalformedListError extends Error {}
