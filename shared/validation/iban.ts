// The ESM build: see ibantools-esm.d.ts for why not the package root.
import { isValidIBAN } from 'ibantools/jsnext/ibantools.js';

/**
 * A valid IBAN in electronic form by the IBAN registry (ibantools: the country's length and structure, and the
 * check digits). Swiss/Liechtenstein QR-IBANs are refused: they only take QR-bill payments, not the credit
 * transfers a payout sends.
 */
export const isValidIban = (iban: string): boolean => isValidIBAN(iban, { allowQRIBAN: false });
