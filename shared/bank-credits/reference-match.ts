/**
 * How a payer's remittance text names a customer's deposit reference, and whether the payer's name fits the
 * customer: pure rules, the tolerance banks and payers need (shared/bank-credits/README.md, "Matching").
 *
 * A deposit reference is 10 letters and digits (`A-Z`, `0-9`, drawn at the customer's creation). A text is
 * normalised by upper-casing it and dropping everything that is not a letter or a digit (spaces, line breaks, `-`,
 * `/`, `:`, `.`, accents' letters reduced to their base). Every 10-character run of the normalised text is a
 * candidate, in each line alone and in all lines joined (a reference broken over two lines of 35). So a prefix
 * (`REF`, `RF18`, the payer's words), spaces, lower case and a text cut short after the reference all leave it
 * found. A reference itself cut short (fewer than its 10 characters left) is not guessed at: it is one of 36^k
 * references, and goes to suspense.
 */

export const REFERENCE_LENGTH = 10;
/** Far more than any remittance holds (4 lines of 140): bounds the lookups one transfer can cause. */
const MAX_CANDIDATES = 600;

export function normaliseReferenceText(text: string): string {
  return text
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '');
}

function windows(normalised: string): string[] {
  const found: string[] = [];
  for (let end = REFERENCE_LENGTH; end <= normalised.length; end++) {
    found.push(normalised.slice(end - REFERENCE_LENGTH, end));
  }
  return found;
}

/** The candidate references a remittance names, each once, in the order they appear. */
export function referenceCandidates(remittance: readonly string[]): string[] {
  const texts = [...remittance, remittance.join('')].map(normaliseReferenceText);
  return [...new Set(texts.flatMap(windows))].slice(0, MAX_CANDIDATES);
}

/** A name's words, compared without case, accents or punctuation (`Müller-Lüdenscheidt` = `MULLER LUDENSCHEIDT`). */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * The payer's name fits a customer's when the words of one are all among the words of the other, in any order
 * (`DOE JOHN` fits `John Doe`; `JOHN A DOE` fits `John Doe`), the payer's last word allowed to be the start of a
 * word (banks cut names at 70 or 35 characters). Two words at least must agree unless the customer's name has one.
 */
export function payerNameFits(payerName: string, customerName: string): boolean {
  const payer = nameWords(payerName);
  const customer = nameWords(customerName);
  if (payer.length === 0 || customer.length === 0) return false;
  const last = payer.length - 1;
  const inCustomer = (word: string, index: number) =>
    customer.some((known) => known === word || (index === last && word.length >= 2 && known.startsWith(word)));
  const payerInCustomer = payer.every(inCustomer);
  const customerInPayer = customer.every((known) =>
    payer.some((word, index) => word === known || (index === last && word.length >= 2 && known.startsWith(word))),
  );
  const agreeing = payer.filter(inCustomer).length;
  const needed = Math.min(2, customer.length);
  return (payerInCustomer || customerInPayer) && agreeing >= needed;
}
