/**
 * Does a bank account's beneficiary name name the verified customer? A pure function, so the rules sit in one
 * table of cases (test/unit/banks/name-matching.test.ts).
 *
 * Both names are compared in NFKC (compatibility forms such as fullwidth letters are the letters they stand for,
 * as the schemas store them); a name with control, invisible or formatting characters never matches.
 *
 * Ignored: case, accents (and German umlauts written as ae/oe/ue, ß as ss), punctuation, repeated spaces, word
 * order; for corporates also one trailing legal form (GmbH, Ltd, LLC, Inc, SA, SAS, BV, AG, ...).
 *
 * Initials: a single letter (with or without a full stop) stands for any word starting with that letter on the
 * other side ("J. Doe" = "Jane Doe", "Jane M. Doe" = "Jane Mary Doe"), provided at least one full word matches
 * exactly ("J. D." never matches). Every word must be accounted for: a missing or extra word (a middle name
 * left out, a second surname added) is a mismatch, because the check exists to stop payouts to someone else.
 */

import { hasForbiddenCharacters, normalizeText } from '#shared/validation/text.ts';

export type AccountType = 'individual' | 'corporate';

/** Letters that Unicode decomposition does not reduce to a base letter plus marks. */
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};
const GERMAN_UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue' };

/**
 * Trailing legal forms, as token sequences after normalization (dots are dropped, so "S.A." is `sa` and
 * "GmbH & Co. KG" is `gmbh co kg`). Longer forms are listed first so they win over their tails.
 */
const LEGAL_FORMS: readonly string[][] = [
  ['gmbh', 'co', 'kgaa'],
  ['gmbh', 'co', 'kg'],
  ['ag', 'co', 'kg'],
  ['sp', 'z', 'o', 'o'],
  ['spzoo'],
  ['pty', 'ltd'],
  ['pte', 'ltd'],
  ['co', 'ltd'],
  ['co', 'inc'],
  ['s', 'a'],
  ['b', 'v'],
  ['n', 'v'],
  ...[
    'gmbh',
    'ag',
    'kg',
    'kgaa',
    'ohg',
    'ug',
    'ev',
    'eg',
    'se',
    'ltd',
    'limited',
    'plc',
    'llc',
    'llp',
    'lp',
    'inc',
    'incorporated',
    'corp',
    'corporation',
    'co',
    'company',
    'sa',
    'sas',
    'sasu',
    'sarl',
    'eurl',
    'sca',
    'bv',
    'nv',
    'vof',
    'srl',
    'spa',
    'sl',
    'slu',
    'ltda',
    'lda',
    'ab',
    'as',
    'asa',
    'aps',
    'oy',
    'oyj',
    'kft',
    'sro',
    'doo',
    'bvba',
    'sprl',
  ].map((form) => [form]),
];

type Transliteration = 'strip' | 'german';

/** Lower-case words of a name, with accents removed (or umlauts expanded) and punctuation dropped. */
function words(name: string, transliteration: Transliteration): string[] {
  let text = normalizeText(name).toLowerCase();
  if (transliteration === 'german') text = text.replace(/[äöü]/g, (letter) => GERMAN_UMLAUTS[letter] ?? letter);
  text = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœøłđðþıħ]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    // Apostrophes and full stops join what they separate: O'Brien = OBrien, S.A. = SA.
    .replace(/['’`´.]/g, '');
  return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

function withoutTrailingLegalForm(tokens: string[]): string[] {
  for (const form of LEGAL_FORMS) {
    if (form.length >= tokens.length) continue;
    const tail = tokens.slice(-form.length);
    if (tail.every((token, i) => token === form[i])) return tokens.slice(0, -form.length);
  }
  return tokens;
}

const isInitial = (token: string) => token.length === 1 && /\p{L}/u.test(token);

function countBy(tokens: string[], key: (token: string) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(key(token), (counts.get(key(token)) ?? 0) + 1);
  return counts;
}

const sameCounts = (a: Map<string, number>, b: Map<string, number>) =>
  a.size === b.size && [...a].every(([letter, count]) => b.get(letter) === count);

/** Same words in any order, initials standing for words of the other side, at least one full word in common. */
export function sameWords(a: string[], b: string[]): boolean {
  if (a.length !== b.length || a.length === 0) return false;
  const restB = [...b];
  const restA: string[] = [];
  let fullWordsInCommon = 0;
  // Exact pairs first: pairing a word with its twin never blocks a pairing an initial could have made.
  for (const token of a) {
    const at = restB.indexOf(token);
    if (at === -1) {
      restA.push(token);
      continue;
    }
    restB.splice(at, 1);
    if (!isInitial(token)) fullWordsInCommon++;
  }
  if (fullWordsInCommon === 0) return false;
  // What is left pairs an initial on one side with a word starting with that letter on the other.
  const initialsA = restA.filter(isInitial);
  const initialsB = restB.filter(isInitial);
  const wordsA = restA.filter((token) => !isInitial(token));
  const wordsB = restB.filter((token) => !isInitial(token));
  const firstLetter = (token: string) => token.charAt(0);
  return (
    sameCounts(countBy(initialsA, firstLetter), countBy(wordsB, firstLetter)) &&
    sameCounts(countBy(wordsA, firstLetter), countBy(initialsB, firstLetter))
  );
}

const TRANSLITERATIONS: readonly Transliteration[] = ['strip', 'german'];

export function beneficiaryNameMatches(
  beneficiaryName: string,
  verifiedName: string,
  accountType: AccountType,
): boolean {
  const spellings = (name: string) =>
    TRANSLITERATIONS.map((mode) => {
      const tokens = words(name, mode);
      return accountType === 'corporate' ? withoutTrailingLegalForm(tokens) : tokens;
    });
  // The schemas refuse these; a name stored before they did never matches (it may read as another name).
  if (hasForbiddenCharacters(beneficiaryName) || hasForbiddenCharacters(verifiedName)) return false;
  const given = spellings(beneficiaryName);
  const verified = spellings(verifiedName);
  return given.some((a) => verified.some((b) => sameWords(a, b)));
}
