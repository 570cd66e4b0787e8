import { jaroWinkler } from '#shared/screening/jaro-winkler.ts';
import type { ListEntry, ParsedList } from '#shared/screening/list-entries.ts';
import { nameTokens } from '#shared/screening/normalize-name.ts';

/**
 * The lists in force, indexed so one name is screened in well under a millisecond (bench: `screening`).
 *
 * Score of a name against a listed name (primary or alias), from 0 to 1: words are paired across the two names,
 * best Jaro-Winkler similarity first, each word used once, whatever the order; the score is the pairs' similarity
 * weighted by the length of both words, over the length of all words of both names (`wordSimilarity`: two words
 * that differ too much count as no match at all). So swapped word order costs
 * nothing, a typo in a long word little, and a word missing or added costs its share of the name. The names run
 * together ("Alqaida" for "Al Qaida") are compared too, and the better score counts. A name that is a listed name
 * with words left out (a patronymic, a second surname, "Abd al-Karim") scores its own words' similarity times
 * `PART_OF_NAME_FACTOR`, when it has at least two words and six letters: people are named by part of
 * their name, and a listed person must not pass for leaving a word out.
 *
 * A hit is a score at or above `MATCH_THRESHOLD`: 0.92, chosen on the bench's labelled variants (recall at least
 * 99 %, false positives at most 0.5 %; docs/decisions/0120-sanctions-name-matching.md). Names of one word only hit
 * from `SINGLE_WORD_THRESHOLD` up: one short word differs in a letter from too many others.
 *
 * Candidates come from an index of each listed word and of its one-letter deletions (a symmetric-delete index), so
 * a listed name is found when one of its words is spelled exactly or with one letter added, dropped, changed or
 * two letters swapped, with every other word free to differ as the score allows.
 */
export const MATCH_THRESHOLD = 0.92;
export const SINGLE_WORD_THRESHOLD = 0.96;
export const PART_OF_NAME_FACTOR = 0.95;
/** Below this, two words are different words (`wordSimilarity`). */
export const WORD_FLOOR = 0.8;

/** Screened names longer than this are cut for scoring (the API limits names to 140 characters anyway). */
export const MAX_SCREENED_LENGTH = 512;

/** Words of one or two letters (initials, `al`, `bin`) find no candidates: every name has them. */
const MIN_INDEXED_WORD = 3;

/** A part of a listed name is scored as such from two words and this many letters ("Ji Nelson", not "Al Ali"). */
const MIN_PART_LETTERS = 6;

/** Names a word (with its one-letter variants) may find before it counts as common (see `postingsOf`). */
const COMMON_WORD = 100;

export type NameHit = {
  list: ListEntry['list'];
  entryId: string;
  entryName: string;
  /** The listed spelling that matched: the primary name or one of the aliases. */
  matchedName: string;
  /** Rounded to 3 decimals. */
  score: number;
};

export type AddressHit = Omit<NameHit, 'matchedName' | 'score'> & { address: string; currency: string };

type IndexedName = { entry: number; name: string; tokens: string[]; joined: string; length: number };

export class ScreeningIndex {
  private readonly entries: ListEntry[] = [];
  private readonly names: IndexedName[] = [];
  private readonly byKey = new Map<string, number[]>();
  private readonly byAddress = new Map<string, number[]>();

  constructor(readonly lists: readonly ParsedList[]) {
    for (const list of lists) for (const entry of list.entries) this.add(entry);
  }

  get size() {
    return { entries: this.entries.length, names: this.names.length, addresses: this.byAddress.size };
  }

  private add(entry: ListEntry) {
    const at = this.entries.push(entry) - 1;
    for (const name of new Set([entry.name, ...entry.aliases])) {
      const tokens = nameTokens(name);
      if (tokens.length === 0) continue;
      const nameAt = this.names.push(indexedName(at, name, tokens)) - 1;
      const keys = new Set<string>();
      for (const token of tokens) for (const key of blockKeys(token)) keys.add(key);
      // A name of short words only ("Ri Ho", "Ju Bo") is found by its words as they are.
      if (keys.size === 0) for (const token of tokens) keys.add(shortKey(token));
      for (const key of keys) push(this.byKey, key, nameAt);
    }
    for (const { address } of entry.addresses) {
      const canonical = canonicalEvmAddress(address);
      if (canonical) push(this.byAddress, canonical, at);
    }
  }

  /** The listed entries `name` hits, best first, one per entry. */
  screenName(name: string): NameHit[] {
    const tokens = nameTokens(name.slice(0, MAX_SCREENED_LENGTH));
    if (tokens.length === 0) return [];
    const query = indexedName(-1, name, tokens);
    const candidates = new Set<number>();
    for (const postings of this.postingsOf(tokens)) for (const nameAt of postings) candidates.add(nameAt);
    const best = new Map<number, NameHit>();
    // Candidates share words: each pair of words is compared once a query.
    const similarity = memoized();
    for (const nameAt of candidates) {
      const listed = this.names[nameAt] as IndexedName;
      const score = nameScore(query, listed, similarity);
      const single = query.tokens.length === 1 || listed.tokens.length === 1;
      if (score < (single ? SINGLE_WORD_THRESHOLD : MATCH_THRESHOLD)) continue;
      const previous = best.get(listed.entry);
      if (previous && previous.score >= score) continue;
      const entry = this.entries[listed.entry] as ListEntry;
      best.set(listed.entry, {
        list: entry.list,
        entryId: entry.entryId,
        entryName: entry.name,
        matchedName: listed.name,
        score: Math.round(score * 1000) / 1000,
      });
    }
    return [...best.values()].sort((a, b) => b.score - a.score);
  }

  /**
   * The names to score: each word's postings (its keys'), but a word as common as `COMMON_WORD` names ("trading",
   * "bank", "mohammed") is left out while a rarer word of the name finds candidates, as a listed name the query
   * matches shares that rarer word (or a one-letter variant of it) too.
   */
  private postingsOf(tokens: string[]): number[][] {
    const short = tokens.every((token) => token.length < MIN_INDEXED_WORD);
    const keysOf = (token: string) => (short ? [shortKey(token)] : blockKeys(token));
    const perWord = tokens.map((token) => keysOf(token).map((key) => this.byKey.get(key) ?? []));
    const sizes = perWord.map((lists) => lists.reduce((sum, list) => sum + list.length, 0));
    const rare = sizes.some((size) => size > 0 && size <= COMMON_WORD);
    return perWord.flatMap((lists, i) => (rare && (sizes[i] as number) > COMMON_WORD ? [] : lists));
  }

  /** The listed entries naming `address` (EVM: compared lower-case), one per entry. */
  screenAddress(address: string): AddressHit[] {
    const canonical = canonicalEvmAddress(address);
    if (!canonical) return [];
    return [...new Set(this.byAddress.get(canonical) ?? [])].map((at) => {
      const entry = this.entries[at] as ListEntry;
      const listed = entry.addresses.find((a) => canonicalEvmAddress(a.address) === canonical);
      return {
        list: entry.list,
        entryId: entry.entryId,
        entryName: entry.name,
        address: canonical,
        currency: listed?.currency ?? '',
      };
    });
  }
}

/** An EVM address's canonical form (0x and 40 lower-case hex digits), or undefined for anything else. */
export function canonicalEvmAddress(address: string): string | undefined {
  const trimmed = address.trim();
  return /^0x[0-9a-fA-F]{40}$/.test(trimmed) ? trimmed.toLowerCase() : undefined;
}

function indexedName(entry: number, name: string, tokens: string[]): IndexedName {
  return { entry, name, tokens, joined: tokens.join(''), length: tokens.reduce((sum, t) => sum + t.length, 0) };
}

/** A word and its one-letter deletions (words of 5 letters or more), the keys of the symmetric-delete index. */
function blockKeys(token: string): string[] {
  if (token.length < MIN_INDEXED_WORD) return [];
  if (token.length < 5) return [token];
  const keys = [token];
  for (let i = 0; i < token.length; i++) keys.push(token.slice(0, i) + token.slice(i + 1));
  return keys;
}

/** The score described above: paired words weighted by length, or the names run together, whichever is higher. */
export function nameScore(
  a: Pick<IndexedName, 'tokens' | 'joined' | 'length'>,
  b: typeof a,
  similarityOf: (a: string, b: string) => number = wordSimilarity,
): number {
  const pairs: { i: number; j: number; similarity: number }[] = [];
  for (let i = 0; i < a.tokens.length; i++) {
    for (let j = 0; j < b.tokens.length; j++) {
      pairs.push({ i, j, similarity: similarityOf(a.tokens[i] as string, b.tokens[j] as string) });
    }
  }
  pairs.sort((x, y) => y.similarity - x.similarity);
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  let weighted = 0;
  let ownWords = 0;
  for (const { i, j, similarity } of pairs) {
    if (usedA.has(i) || usedB.has(j)) continue;
    usedA.add(i);
    usedB.add(j);
    const word = (a.tokens[i] as string).length;
    weighted += similarity * (word + (b.tokens[j] as string).length);
    ownWords += similarity * word;
  }
  const paired = weighted / (a.length + b.length);
  const part =
    a.tokens.length < b.tokens.length && a.tokens.length >= 2 && a.length >= MIN_PART_LETTERS
      ? (ownWords / a.length) * PART_OF_NAME_FACTOR
      : 0;
  const together = Math.abs(a.joined.length - b.joined.length) <= 2 && a.tokens.length !== b.tokens.length;
  return Math.max(paired, part, together ? jaroWinkler(a.joined, b.joined) : 0);
}

/**
 * Two words' similarity: Jaro-Winkler, less for lengths that differ by more than a letter (its prefix bonus would
 * make "Mia" nearly "Mikhail"), and nothing below `WORD_FLOOR`: a word that matches no word of the other name
 * adds nothing, however long the words that do match ("Timo Gutierrez" is not "Kim Gutierrez").
 */
function wordSimilarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  const apart = Math.max(0, Math.abs(a.length - b.length) - 1);
  const similarity = jaroWinkler(a, b) * (1 - apart / (2 * longer));
  return similarity >= WORD_FLOOR ? similarity : 0;
}

const shortKey = (token: string) => `=${token}`;

function memoized() {
  const known = new Map<string, number>();
  return (a: string, b: string) => {
    const key = `${a} ${b}`;
    let similarity = known.get(key);
    if (similarity === undefined) {
      similarity = wordSimilarity(a, b);
      known.set(key, similarity);
    }
    return similarity;
  };
}

function push(map: Map<string, number[]>, key: string, value: number) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
