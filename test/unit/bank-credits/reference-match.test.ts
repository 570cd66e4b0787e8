import { describe, expect, it } from 'vitest';
import { payerNameFits, referenceCandidates } from '#shared/bank-credits/reference-match.ts';

/** How a remittance names a deposit reference, and when a payer's name fits (shared/bank-credits/README.md). */
const REF = 'A7B3C9D2E1';

describe('reference candidates', () => {
  it('finds the reference written with spaces, in lower case, behind a prefix, or followed by more text', () => {
    for (const text of [
      'a7b3 c9d2 e1',
      'REF: A7B3-C9D2-E1',
      'RF18A7B3C9D2E1',
      'A7B3C9D2E1 INVOICE 2026-11',
      'dépôt a7b3c9d2e1',
    ]) {
      expect(referenceCandidates([text]), text).toContain(REF);
    }
  });

  it('finds a reference broken over two remittance lines', () => {
    expect(referenceCandidates(['PAYMENT A7B3C', '9D2E1'])).toContain(REF);
  });

  it('names no candidate when fewer than 10 letters and digits are left (a reference cut short)', () => {
    expect(referenceCandidates(['A7B3C9D2'])).toEqual([]);
    expect(referenceCandidates([])).toEqual([]);
  });
});

describe('a payer name fitting the customer', () => {
  it('fits in any order, case and accents, with a middle name, or cut short by the bank', () => {
    expect(payerNameFits('DOE JOHN', 'John Doe')).toBe(true);
    expect(payerNameFits('JOHN A DOE', 'John Doe')).toBe(true);
    expect(payerNameFits('MULLER LUDENSCHEIDT', 'Müller-Lüdenscheidt')).toBe(true);
    expect(payerNameFits('JOHN DO', 'John Doe')).toBe(true);
  });

  it('does not fit another person, or a single shared word', () => {
    expect(payerNameFits('John Smith', 'John Doe')).toBe(false);
    expect(payerNameFits('DOE', 'John Doe')).toBe(false);
    expect(payerNameFits('', 'John Doe')).toBe(false);
  });
});
