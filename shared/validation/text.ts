import * as z from '#shared/validation/zod.ts';

/**
 * Free text from callers (names, address lines, reasons). Compatibility forms are folded to what they are (NFKC:
 * fullwidth `Ｊａｎｅ` and circled `Ⓙⓐⓝⓔ` become `Jane`), so what is stored, shown, matched and paid to is one
 * spelling. Characters that change how a text is shown rather than what it says are refused outright, never
 * stripped: a name that was sent with them is not the name a person reads.
 */

/**
 * Control characters (NUL, ESC, DEL, C1), unpaired surrogates and the bidirectional formatting characters
 * (marks, embeddings, overrides such as U+202E, isolates), which can make a name read as another.
 */
const FORBIDDEN = /[\p{Cc}\p{Cs}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

export const FORBIDDEN_CHARACTERS = 'Must not contain control or bidirectional formatting characters';

/** NFKC, trimmed, inner whitespace (tabs and line breaks included) folded to one space. */
export const normalizeText = (value: string): string => value.normalize('NFKC').trim().replace(/\s+/g, ' ');

/** True when the text holds a character `FORBIDDEN_CHARACTERS` describes (checked after `normalizeText`). */
export const hasForbiddenCharacters = (value: string): boolean => FORBIDDEN.test(value);

/**
 * Caller text of 1 to `max` characters, folded by `normalizeText`, refused with `FORBIDDEN_CHARACTERS`. The document
 * shows the input side of a transform; the limits live after it, so they are restated for readers.
 */
export const text = (max: number) =>
  z
    .pipe(
      z
        .pipe(z.string(), z.transform(normalizeText))
        .check(z.refine((value) => !hasForbiddenCharacters(value), { error: FORBIDDEN_CHARACTERS, abort: true })),
      z.string().check(z.minLength(1), z.maxLength(max)),
    )
    .check(z.meta({ minLength: 1, maxLength: max }));
