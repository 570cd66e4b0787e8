import { describe, expect, it } from 'vitest';
import { beneficiaryNameMatches } from '#shared/banks/name-matching.ts';

type Case = [beneficiaryName: string, verifiedName: string, why: string];

const INDIVIDUAL_MATCHES: Case[] = [
  ['Jane Doe', 'Jane Doe', 'the same name'],
  ['JANE DOE', 'Jane Doe', 'case'],
  ['  Jane    Doe ', 'Jane Doe', 'repeated and surrounding spaces'],
  ['Doe Jane', 'Jane Doe', 'reversed order'],
  ['Doe, Jane', 'Jane Doe', 'reversed order with a comma'],
  ['Jürgen Müller', 'Jürgen Müller', 'umlauts on both sides'],
  ['Jurgen Muller', 'Jürgen Müller', 'umlauts written without their dots'],
  ['Juergen Mueller', 'Jürgen Müller', 'umlauts written as ue'],
  ['Jürgen Müller', 'Juergen Mueller', 'umlauts against a verified name spelt with ue'],
  ['Hans Strauss', 'Hans Strauß', 'ß as ss'],
  ['Francois Lefevre', 'François Lefèvre', 'French accents'],
  ['Jose Maria Garcia Lopez', 'José María García-López', 'Spanish accents and a hyphenated surname'],
  ['Anne Marie Dupont', 'Anne-Marie Dupont', 'a hyphenated first name written with a space'],
  ['Lars Ostergaard', 'Lars Østergaard', 'a Danish ø'],
  ['Lech Walesa', 'Lech Wałęsa', 'a Polish ł and ogonek'],
  ['Sean OBrien', "Seán O'Brien", 'an apostrophe and a fada'],
  ['J. Doe', 'Jane Doe', 'an initial for the first name'],
  ['J Doe', 'Jane Doe', 'an initial without a full stop'],
  ['Jane Doe', 'J. Doe', 'a full name against a verified initial'],
  ['Jane M. Doe', 'Jane Mary Doe', 'an initial for a middle name'],
  ['Doe J.', 'Jane Doe', 'an initial in reversed order'],
  ['John Ronald Reuel Tolkien', 'J. R. R. Tolkien', 'several initials'],
];

const INDIVIDUAL_MISMATCHES: Case[] = [
  ['Jane Dow', 'Jane Doe', 'one letter of the surname differs'],
  ['Janet Doe', 'Jane Doe', 'a longer first name'],
  ['Jon Doe', 'John Doe', 'a letter missing'],
  ['Jane Doe Smith', 'Jane Doe', 'an extra surname'],
  ['Jane Doe', 'Jane Mary Doe', 'a middle name left out'],
  ['Doe', 'Jane Doe', 'the surname alone'],
  ['J. D.', 'Jane Doe', 'initials only: no full word in common'],
  ['K. Doe', 'Jane Doe', 'an initial of another letter'],
  ['John Smith', 'Jane Doe', 'someone else'],
  ['Miller', 'Müller', 'another vowel, not an umlaut'],
  ['Mueller', 'Muller', 'ue against a plain u (no umlaut to expand)'],
  ['Jane Doe Ltd', 'Jane Doe', 'a legal form is not ignored for individuals'],
  ['', 'Jane Doe', 'nothing'],
];

const CORPORATE_MATCHES: Case[] = [
  ['Acme GmbH', 'Acme GmbH', 'the same name'],
  ['Acme', 'Acme GmbH', 'the legal form left out'],
  ['ACME GMBH', 'Acme', 'a legal form added'],
  ['Acme Ltd.', 'Acme Limited', 'two spellings of one legal form'],
  ['Acme AG', 'Acme GmbH', 'another legal form (both trailing, both ignored)'],
  ['Acme Trading LLC', 'Acme Trading, Inc.', 'LLC against Inc. with a comma'],
  ['Société Générale', 'Societe Generale SA', 'accents and SA'],
  ['Societe Generale S.A.', 'Société Générale', 'S.A. with full stops'],
  ['Philips B.V.', 'Philips BV', 'B.V. against BV'],
  ['Müller Logistik GmbH & Co. KG', 'Mueller Logistik', 'GmbH & Co. KG and an umlaut'],
  ['Carrefour SAS', 'Carrefour', 'SAS'],
  ['Logistik Müller', 'Müller Logistik GmbH', 'word order'],
  ['Contoso Pty Ltd', 'Contoso', 'Pty Ltd'],
];

const CORPORATE_MISMATCHES: Case[] = [
  ['Acme Holdings GmbH', 'Acme GmbH', 'an extra word before the legal form'],
  ['Acme Trading Ltd', 'Acme Ltd', 'another company of the same group'],
  ['Acme', 'Acmee GmbH', 'a typo'],
  ['GmbH Acme', 'Acme', 'a legal form that does not trail'],
  ['Globex GmbH', 'Acme GmbH', 'another company with the same legal form'],
  ['GmbH', 'Acme GmbH', 'the legal form alone'],
];

describe('beneficiary name matching', () => {
  describe('individuals', () => {
    it.each(INDIVIDUAL_MATCHES)('"%s" matches "%s" (%s)', (given, verified) => {
      expect(beneficiaryNameMatches(given, verified, 'individual')).toBe(true);
    });
    it.each(INDIVIDUAL_MISMATCHES)('"%s" does not match "%s" (%s)', (given, verified) => {
      expect(beneficiaryNameMatches(given, verified, 'individual')).toBe(false);
    });
  });

  describe('corporates', () => {
    it.each(CORPORATE_MATCHES)('"%s" matches "%s" (%s)', (given, verified) => {
      expect(beneficiaryNameMatches(given, verified, 'corporate')).toBe(true);
    });
    it.each(CORPORATE_MISMATCHES)('"%s" does not match "%s" (%s)', (given, verified) => {
      expect(beneficiaryNameMatches(given, verified, 'corporate')).toBe(false);
    });
  });

  it('is symmetric on every case of the table', () => {
    const all = [
      ...INDIVIDUAL_MATCHES.map((c) => [...c, 'individual'] as const),
      ...INDIVIDUAL_MISMATCHES.map((c) => [...c, 'individual'] as const),
      ...CORPORATE_MATCHES.map((c) => [...c, 'corporate'] as const),
      ...CORPORATE_MISMATCHES.map((c) => [...c, 'corporate'] as const),
    ];
    for (const [a, b, , type] of all) {
      expect(beneficiaryNameMatches(a, b, type), `${a} / ${b}`).toBe(beneficiaryNameMatches(b, a, type));
    }
  });
});
