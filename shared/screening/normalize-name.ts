/**
 * The one spelling a name is screened in: both the names on the lists and the names we screen go through here, so
 * what differs only in writing compares equal. A pure leaf (no imports): the bench and the matcher share it.
 *
 * In order: invisible and formatting characters (zero-width space and joiners, bidi controls, soft hyphen, ...)
 * are removed, never kept: they would split a listed name into one that matches nothing. NFKC folds compatibility
 * forms (fullwidth, circled letters). Lower case. Cyrillic and Greek letters are transliterated (so a name written
 * in those scripts, or a Latin name with a Cyrillic `а` or Greek `ο` slipped in as a look-alike, is the Latin name),
 * (a look-alike mixed into a Latin word is the Latin letter it looks like), as are letters Unicode does not decompose (ß, æ, ø, ł, ...). Accents are dropped (NFD, marks removed). Apostrophes
 * and full stops join what they separate (O'Brien = OBrien, S.A. = SA); any other punctuation separates words.
 * Legal-form words (LLC, GmbH, Ltd, OOO, ...) are dropped at either end while another word remains. Word order is
 * the matcher's business: it compares words as a set.
 */

const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;
const CONTROL = /\p{Cc}/gu;

/** Russian (GOST 7.79 / BGN-style, as OFAC and the UN write names), Ukrainian and Belarusian letters. */
const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ў: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  ћ: 'c',
  ђ: 'dj',
  џ: 'dz',
  ѕ: 'dz',
};

/** Greek (ELOT 743, simplified), after accents are removed. */
const GREEK: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

/** Latin letters that Unicode decomposition does not reduce to a base letter plus marks. */
const SPECIAL: Record<string, string> = {
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
  ŋ: 'ng',
  ĸ: 'k',
  ſ: 's',
};

/** Greek pairs read as one sound (ELOT 743): `ου` is `ou`, not `oy`. */
const GREEK_PAIRS = /ου/g;

const LETTERS: Record<string, string> = { ...CYRILLIC, ...GREEK, ...SPECIAL };
const TRANSLITERATED = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'gu');

/**
 * Legal-form words, as tokens after normalisation (dots are dropped: "S.A." is `sa`). Dropped only at either end
 * of a name, only while another word remains, so "Co" in the middle of a name or a company called "Limited" stays.
 */
export const LEGAL_FORMS: ReadonlySet<string> = new Set([
  'llc',
  'ltd',
  'limited',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'plc',
  'llp',
  'lp',
  'gmbh',
  'ag',
  'kg',
  'kgaa',
  'ohg',
  'ug',
  'se',
  'sa',
  'sas',
  'sarl',
  'srl',
  'spa',
  'sl',
  'bv',
  'nv',
  'ab',
  'as',
  'asa',
  'oy',
  'oyj',
  'kft',
  'sro',
  'doo',
  'pte',
  'pty',
  'fze',
  'fzco',
  'fzc',
  'fzllc',
  'jsc',
  'pjsc',
  'ojsc',
  'cjsc',
  'ooo',
  'zao',
  'oao',
  'pao',
  'ao',
  'tov',
  'ltda',
  'lda',
  'bhd',
  'sdn',
  'tbk',
  'pt',
  'cv',
  'dmcc',
]);

/**
 * Cyrillic and Greek letters that look like Latin ones. In a word that mixes them with Latin letters they are the
 * Latin letters they look like (a Cyrillic `с` slipped into "PJSC" is a `c`, not the `s` it transliterates to); in a
 * word of their own script they are transliterated.
 */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  γ: 'y',
};
const LATIN = /[a-z]/;
const OTHER_SCRIPT = /[\u0370-\u03ff\u0400-\u052f]/;
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'gu');

function inLatinLetters(word: string): string {
  const mixed = LATIN.test(word) && OTHER_SCRIPT.test(word);
  const seen = mixed ? word.replace(LOOK_ALIKE, (letter) => LOOK_ALIKES[letter] ?? letter) : word;
  return seen.replace(GREEK_PAIRS, 'ou').replace(TRANSLITERATED, (letter) => LETTERS[letter] ?? letter);
}

/** Long legal forms, recognised with a typo too ("Corporaion") at either end of a name. */
const LONG_LEGAL_FORMS = ['corporation', 'incorporated', 'limited', 'company'];
const isLegalForm = (token: string) =>
  LEGAL_FORMS.has(token) || (token.length >= 6 && LONG_LEGAL_FORMS.some((form) => nearlySame(token, form)));

/** One letter added, dropped or changed, or two neighbours swapped. */
function nearlySame(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return a === b;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const rest = (x: string, from: number) => x.slice(from);
  if (a.length === b.length) {
    return (
      rest(a, i + 1) === rest(b, i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && rest(a, i + 2) === rest(b, i + 2))
    );
  }
  return a.length > b.length ? rest(a, i + 1) === rest(b, i) : rest(a, i) === rest(b, i + 1);
}

/** Apostrophes and full stops join; everything that is not a letter or digit afterwards separates. */
const JOINING = /['’‘`´ʼ.]/g;
const SEPARATING = /[^a-z0-9]+/g;

/** A name's words in screening spelling, legal forms at either end removed; empty when nothing is left. */
export function nameTokens(name: string): string[] {
  const text = name
    .replace(INVISIBLE, '')
    .replace(CONTROL, ' ')
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .normalize('NFC')
    .split(/\s+/)
    .map(inLatinLetters)
    .join(' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(JOINING, '')
    .replace(SEPARATING, ' ')
    .trim();
  const tokens = text === '' ? [] : text.split(' ');
  while (tokens.length > 1 && isLegalForm(tokens[0] as string)) tokens.shift();
  while (tokens.length > 1 && isLegalForm(tokens[tokens.length - 1] as string)) tokens.pop();
  return tokens;
}

/** The screening spelling of a name as one string (words in their order, one space apart). */
export const normalizeName = (name: string): string => nameTokens(name).join(' ');
