// The ESM build: see ibantools-esm.d.ts for why not the package root.
import { getCountrySpecifications, ValidationErrorsIBAN, validateIBAN } from 'ibantools/jsnext/ibantools.js';
import * as z from '#shared/validation/zod.ts';

/**
 * A valid IBAN in electronic form by the IBAN registry (ibantools: the country's length and structure, and the
 * check digits). Swiss/Liechtenstein QR-IBANs are refused: they only take QR-bill payments, not the credit
 * transfers a payout sends.
 */
export const isValidIban = (iban: string): boolean => validateIBAN(iban, { allowQRIBAN: false }).valid;

const PARTS: Record<string, string> = { '0-9': 'digits', 'A-Z': 'letters', 'A-Z0-9': 'letters or digits' };

/** A country's account part as people read it: `^[A-Z]{4}[0-9]{14}$` is "4 letters, then 14 digits". */
function structureOf(bbanPattern: string): string | undefined {
  const parts = [...bbanPattern.matchAll(/\[([^\]]+)\]\{(\d+)\}/g)].map(([, chars = '', count]) => {
    const kind = PARTS[chars] ?? PARTS[chars.replace(/^0-9A-Z$/, 'A-Z0-9')];
    return kind && `${count} ${kind}`;
  });
  return parts.length > 0 && parts.every(Boolean) ? parts.join(', then ') : undefined;
}

/**
 * What is wrong with an IBAN (already in electronic form: no spaces, upper case), in words that say how to fix it;
 * undefined when it is valid. The order is the order to fix things in: country, characters, length, structure,
 * check digits.
 */
export function ibanProblem(iban: string): string | undefined {
  const { valid, errorCodes } = validateIBAN(iban, { allowQRIBAN: false });
  if (valid) return undefined;
  const country = iban.slice(0, 2);
  const spec = getCountrySpecifications()[country];
  const has = (code: ValidationErrorsIBAN) => errorCodes.includes(code);
  if (has(ValidationErrorsIBAN.NoIBANCountry) || !spec?.chars) {
    return `Unknown IBAN country "${country}": an IBAN starts with its country's two letters, e.g. DE or FR`;
  }
  const stray = /[^A-Z0-9]/.exec(iban);
  if (stray) return `Only letters and digits may appear in an IBAN; remove "${stray[0]}"`;
  if (has(ValidationErrorsIBAN.WrongBBANLength)) {
    return `A ${country} IBAN has ${spec.chars} characters; this one has ${iban.length}`;
  }
  if (has(ValidationErrorsIBAN.ChecksumNotNumber)) return 'The check digits (characters 3 and 4) must be digits';
  if (has(ValidationErrorsIBAN.WrongBBANFormat)) {
    const structure = spec.bban_regexp && structureOf(spec.bban_regexp);
    return structure
      ? `A ${country} IBAN has ${structure} after its check digits; a letter or digit is out of place`
      : `The characters after the check digits are not in a ${country} IBAN's format`;
  }
  if (has(ValidationErrorsIBAN.WrongIBANChecksum)) {
    return 'The check digits do not match the rest: a character is mistyped or two are swapped';
  }
  if (has(ValidationErrorsIBAN.WrongAccountBankBranchChecksum)) {
    return "The national account number's own check digit is wrong: a character is mistyped";
  }
  if (has(ValidationErrorsIBAN.QRIBANNotAllowed)) {
    return "A QR-IBAN takes only QR-bill payments; send the account's regular IBAN";
  }
  return 'Invalid IBAN';
}

/** The schema check of an IBAN field: its problem (`ibanProblem`) as the field's reason. */
export const ibanCheck = z.superRefine<string>((iban, ctx) => {
  const problem = ibanProblem(iban);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, input: iban });
});
