import * as z from '#shared/validation/zod.ts';

/**
 * Free text from callers (names, address lines, reasons). Compatibility forms are folded to what they are (NFKC:
 * fullwidth `Ｊａｎｅ` and circled `Ⓙⓐⓝⓔ` become `Jane`), so what is stored, shown, matched and paid to is one
 * spelling. Characters that change how a text is shown rather than what it says are refused outright, never
 * stripped: a name that was sent with them is not the name a person reads.
 */

/**
 * Control characters (NUL, ESC, DEL, C1; tabs and line breaks are whitespace, folded below), unpaired surrogates and
 * every Default_Ignorable_Code_Point of Unicode: the bidi marks, embeddings, overrides and isolates (U+202E, which
 * makes a name read as another), and the characters that show as nothing (zero-width space, joiners and non-joiner,
 * word joiner, soft hyphen, combining grapheme joiner, Hangul fillers, variation selectors, tags, U+FEFF, ...), which
 * make two spellings of one name compare, match and verify as different names (or one as another). The joiners are
 * refused in every script: a Persian or Indic name is sent without them (the bank files carry Latin letters only).
 * Checked on the text as sent, before `normalizeText`: NFKC turns nothing else into one of these (a test walks every
 * code point), and JavaScript's `\s` would fold U+FEFF into a space.
 */
const FORBIDDEN = /[\p{Cs}\p{Default_Ignorable_Code_Point}]|[^\P{Cc}\t\n\v\f\r]/u;

/** The start of the refusal; the characters to remove, with where they are, follow it (`forbiddenCharactersIn`). */
export const FORBIDDEN_CHARACTERS = 'Must not contain control, invisible or formatting characters';

/** NFKC, trimmed, inner whitespace (tabs and line breaks included) folded to one space. */
export const normalizeText = (value: string): string => value.normalize('NFKC').trim().replace(/\s+/g, ' ');

/** True when the text holds a character `FORBIDDEN_CHARACTERS` describes. */
export const hasForbiddenCharacters = (value: string): boolean => FORBIDDEN.test(value);

const codePointName = (char: string) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
const LISTED = 5;

/** The refusal of `value`: what to remove, as `U+200B at character 4` (counted in characters as sent, from 1). */
export function forbiddenCharactersIn(value: string): string {
  const found = [...value].flatMap((char, index) =>
    FORBIDDEN.test(char) ? [`${codePointName(char)} at character ${index + 1}`] : [],
  );
  const more = found.length > LISTED ? ` and ${found.length - LISTED} more` : '';
  return `${FORBIDDEN_CHARACTERS}: remove ${found.slice(0, LISTED).join(', ')}${more}`;
}

/**
 * Caller text of 1 to `max` characters, refused with `forbiddenCharactersIn`, folded by `normalizeText`. The document
 * shows the input side of a transform; the limits live after it, so they are restated for readers.
 */
export const text = (max: number) =>
  z
    .pipe(
      z.pipe(
        z.string().check(
          z.refine((value) => !hasForbiddenCharacters(value), {
            error: (issue) => forbiddenCharactersIn(String(issue.input)),
            abort: true,
          }),
        ),
        z.transform(normalizeText),
      ),
      z.string().check(z.minLength(1), z.maxLength(max)),
    )
    .check(z.meta({ minLength: 1, maxLength: max }));
