/**
 * The one spelling a name is screened in: both the names on the lists and the names we screen go through here, so
 * what differs only in writing compares equal. A pure leaf (no imports): the bench and the matcher share it.
 *
 * In order: invisible and formatting characters (zero-width space and joiners, bidi controls, soft hyphen, ...)
 * are removed, never kept: they would split a listed name into one that matches nothing. NFKC folds compatibility
 * forms (fullwidth, circled letters). Lower case. Cyrillic and Greek letters are transliterated (so a name written
 * in those scripts, or a Latin name with a Cyrillic `а` or Greek `ο` slipped in as a look-alike, is the Latin name),
 * as are letters Unicode does not decompose (ß, æ, ø, ł, ...). Accents are dropped (NFD, marks removed). Apostrophes
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
    .replace(GREEK_PAIRS, 'ou')
    .replace(TRANSLITERATED, (letter) => LETTERS[letter] ?? letter)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(JOINING, '')
    .replace(SEPARATING, ' ')
    .trim();
  const tokens = text === '' ? [] : text.split(' ');
  while (tokens.length > 1 && LEGAL_FORMS.has(tokens[0] as string)) tokens.shift();
  while (tokens.length > 1 && LEGAL_FORMS.has(tokens[tokens.length - 1] as string)) tokens.pop();
  return tokens;
}

/** The screening spelling of a name as one string (words in their order, one space apart). */
export const normalizeName = (name: string): string => nameTokens(name).join(' ');
