/**
 * The SEPA character set of the EPC implementation guidelines: `a-z A-Z 0-9 / - ? : ( ) . , ' +` and space.
 * Names and addresses are transliterated into it, never refused for an accent: diacritics are dropped
 * (é -> e), a few letters that do not decompose are spelled out (ß -> ss, Æ -> AE, Ø -> O, Ł -> L), `&` becomes
 * `+`, and anything else becomes a space. Runs of spaces collapse and the result is cut to the field's length.
 */
const SPELLED: Record<string, string> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
  '&': '+',
  '’': "'",
  '‘': "'",
  '–': '-',
  '—': '-',
};

const ALLOWED = /[A-Za-z0-9/\-?:().,'+ ]/;

export function toSepaText(value: string, maxLength = 70): string {
  const spelled = [...value].map((char) => SPELLED[char] ?? char).join('');
  const stripped = spelled.normalize('NFD').replace(/\p{M}/gu, '');
  const allowed = [...stripped].map((char) => (ALLOWED.test(char) ? char : ' ')).join('');
  const text = allowed.replace(/\s+/g, ' ').trim().slice(0, maxLength).trim();
  return text.length > 0 ? text : 'NOTPROVIDED';
}

/**
 * A party's name as a pain.001 file carries it (`Nm`: the SEPA set, at most 70): the name a payee is paid to, and so
 * the name its bank is asked about before (Verification of Payee, `shared/banks/verify-payee.ts`).
 */
export const toPartyName = (name: string): string => toSepaText(name, 70);

/** Identifiers (message, payment information, end-to-end): the SEPA set without spaces, at most 35. */
export function toSepaIdentifier(value: string): string {
  return toSepaText(value, 35).replace(/ /g, '-');
}
