import { describe, expect, it } from 'vitest';
import { SandboxRejectBankBody } from '#shared/banks/registered-bank-schemas.ts';
import { CreateBankBody } from '#shared/banks/schemas.ts';
import { StartRegistrationBody } from '#shared/console/common/schemas.ts';
import {
  CreateCustomerBody,
  DisableCustomerBody,
  SandboxKycApproveBody,
  UpdateCustomerBody,
} from '#shared/customers/schemas.ts';
import { SandboxRejectVirtualAccountBody } from '#shared/deposits/schemas.ts';
import { parseOrThrow } from '#shared/http/validation.ts';
import { hasForbiddenCharacters, normalizeText, text } from '#shared/validation/text.ts';
import type * as z from '#shared/validation/zod.ts';

/**
 * Caller text refuses every Unicode Default_Ignorable_Code_Point (the set is Unicode's, read from the property, not
 * a list kept here): one invisible character must not make a name store, match, verify or pay as another.
 */
const REFUSAL = 'Must not contain control, invisible or formatting characters';

const codePoints = function* () {
  for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
    if (codePoint < 0xd800 || codePoint > 0xdfff) yield codePoint;
  }
};
const IGNORABLE = [...codePoints()].filter((codePoint) =>
  /\p{Default_Ignorable_Code_Point}/u.test(String.fromCodePoint(codePoint)),
);
const hex = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/** Some of the set by name: the ones seen in names, and one of each kind. */
const NAMED: [string, number][] = [
  ['zero width space', 0x200b],
  ['zero width non-joiner', 0x200c],
  ['zero width joiner', 0x200d],
  ['word joiner', 0x2060],
  ['Mongolian vowel separator', 0x180e],
  ['tag latin capital letter A', 0xe0041],
  ['zero width no-break space (BOM)', 0xfeff],
  ['soft hyphen', 0x00ad],
  ['combining grapheme joiner', 0x034f],
  ['Hangul choseong filler', 0x115f],
  ['Hangul filler', 0x3164],
  ['halfwidth Hangul filler', 0xffa0],
  ['variation selector 16', 0xfe0f],
  ['variation selector 17', 0xe0100],
  ['Arabic letter mark', 0x061c],
  ['left-to-right mark', 0x200e],
  ['right-to-left override', 0x202e],
  ['first strong isolate', 0x2068],
  ['invisible times', 0x2062],
  ['Khmer vowel inherent aq', 0x17b4],
  ['shorthand format letter overlap', 0x1bca0],
  ['musical symbol begin beam', 0x1d173],
];

const name = text(140);
const refusalOf = (value: string) => {
  const parsed = name.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

describe('caller text and the default-ignorable code points', () => {
  it('takes the set from the Unicode property, the named ones in it', () => {
    expect(IGNORABLE.length).toBeGreaterThan(4000);
    for (const [, codePoint] of NAMED) expect(IGNORABLE).toContain(codePoint);
  });

  it.each(NAMED)('refuses the %s, naming it and where it is', (_, codePoint) => {
    const sent = `Ada${String.fromCodePoint(codePoint)} Lovelace`;

    expect(refusalOf(sent)).toBe(`${REFUSAL}: remove ${hex(codePoint)} at character 4`);
  });

  it('refuses every one of them, alone, inside a word, between words and at either end', () => {
    const accepted = IGNORABLE.filter((codePoint) => {
      const char = String.fromCodePoint(codePoint);
      return [char, `Ada${char}Lovelace`, `Ada ${char} Lovelace`, `${char}Ada`, `Ada${char}`].some(
        (sent) => refusalOf(sent) === undefined,
      );
    });

    expect(accepted.map(hex)).toEqual([]);
  });

  it('lists each character to remove, the first five of many', () => {
    expect(refusalOf('A\u200bd\u2060a\u00ad')).toBe(
      `${REFUSAL}: remove U+200B at character 2, U+2060 at character 4, U+00AD at character 6`,
    );
    expect(refusalOf(`Ada${'\u200b'.repeat(7)}`)).toMatch(/at character 8 and 2 more$/);
  });

  it('lets nothing through that normalizing turns into one of them (every code point, as sent and as stored)', () => {
    const leaking = [...codePoints()].filter((codePoint) => {
      const sent = `a${String.fromCodePoint(codePoint)}b`;
      return !hasForbiddenCharacters(sent) && hasForbiddenCharacters(normalizeText(sent));
    });

    expect(leaking.map(hex)).toEqual([]);
  });

  it.each([
    ['accents and ligatures', 'Zoë Ærø', 'Zoë Ærø'],
    ['an apostrophe and a hyphen', "Jean-Luc O'Brien", "Jean-Luc O'Brien"],
    ['Chinese', '李小龍', '李小龍'],
    ['Persian, written without the non-joiner', 'محمد رضا', 'محمد رضا'],
    ['Korean syllables (no filler)', '김 민준', '김 민준'],
    ['tabs and line breaks, folded', '\tAda\n\r Lovelace ', 'Ada Lovelace'],
    ['fullwidth letters, folded', 'Ａｄａ', 'Ada'],
  ])('keeps %s', (_, sent, stored) => {
    expect(name.parse(sent)).toBe(stored);
  });
});

/** Every request field that takes caller text, in a body that is valid but for that field. */
const FIELDS: [string, z.ZodMiniType, (value: string) => unknown][] = [
  ['name', CreateCustomerBody, (name) => ({ name, accountType: 'individual', email: 'ada@example.com' })],
  ...(['addressLine1', 'city', 'postalCode'] as const).map(
    (field): [string, z.ZodMiniType, (value: string) => unknown] => [
      `address.${field}`,
      CreateCustomerBody,
      (value) => ({
        name: 'Acme GmbH',
        accountType: 'corporate',
        email: 'ops@acme.example',
        address: {
          addressLine1: 'Friedrichstraße 123',
          city: 'Berlin',
          country: 'DE',
          postalCode: '10117',
          [field]: value,
        },
      }),
    ],
  ),
  ['name', UpdateCustomerBody, (name) => ({ name })],
  ['reason', DisableCustomerBody, (reason) => ({ reason })],
  ['verifiedName', SandboxKycApproveBody, (verifiedName) => ({ verifiedName })],
  ...(['beneficiaryName', 'addressLine1', 'city', 'postalCode'] as const).map(
    (field): [string, z.ZodMiniType, (value: string) => unknown] => [
      field,
      CreateBankBody,
      (value) => ({
        beneficiaryName: 'Ada Lovelace',
        currency: 'EUR',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        addressLine1: 'Friedrichstraße 123',
        city: 'Berlin',
        [field]: value,
      }),
    ],
  ),
  ...(['bankName', 'bankAddress', 'bankCountry'] as const).map(
    (field): [string, z.ZodMiniType, (value: string) => unknown] => [
      field,
      CreateBankBody,
      (value) => ({
        beneficiaryName: 'Acme Inc',
        currency: 'USD',
        paymentRail: 'SWIFT',
        accountNumber: '000123456789',
        bic: 'CHASUS33XXX',
        bankName: 'JPMorgan Chase Bank, N.A.',
        bankAddress: '383 Madison Avenue, New York, NY 10179',
        bankCountry: 'US',
        [field]: value,
      }),
    ],
  ),
  ['reason', SandboxRejectBankBody, (reason) => ({ reason })],
  ['reason', SandboxRejectVirtualAccountBody, (reason) => ({ reason })],
  ['name', StartRegistrationBody, (name) => ({ token: 'A'.repeat(43), name })],
];

describe("every name, address and reason field (a console member's name too)", () => {
  it.each(FIELDS)('%s: refuses each named code point with a 400 naming the field', (field, schema, body) => {
    expect(() => parseOrThrow(schema, body('Ada Lovelace'))).not.toThrow();
    for (const [, codePoint] of NAMED) {
      const sent = `Ada${String.fromCodePoint(codePoint)} Lovelace`;
      expect(() => parseOrThrow(schema, body(sent))).toThrow(
        expect.objectContaining({
          statusCode: 400,
          message: `${field}: ${REFUSAL}: remove ${hex(codePoint)} at character 4`,
        }),
      );
    }
  });
});
