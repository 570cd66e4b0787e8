import { type BankRail, type BankTerms, SEPA } from '#shared/rails/bank/rail.ts';
import type { SettlementCalendar } from '#shared/rails/bank/settlement.ts';

/** TARGET2 closing days (SEPA's calendar): fixed ones and the Easter dates of 2026-2027. */
const TARGET_HOLIDAYS = ['01-01', '05-01', '12-25', '12-26', '2026-04-03', '2026-04-06', '2027-03-26', '2027-03-29'];

/** The banks SEPA pays, by IBAN and BIC, which SEPA Instant pays too. */
export const SEPA_BANKS = {
  bankRail: SEPA,
  bankFields: {
    required: ['iban', 'bic'],
    refused: { EUR: ['accountNumber', 'routingNumber'], SEPA: ['bankName', 'bankAddress', 'bankCountry'] },
  },
  account: 'IBAN',
  reviewsBanks: false,
  // A euro payment to a bank in the SEPA area goes by SEPA, at the SEPA price and speed.
  area: 'SEPA',
  accountKey: (bank) => `EUR|${bank.iban}`,
} as const satisfies BankTerms;

/** SEPA credit transfers (EPC SCT): cut-off 15:00 Berlin on TARGET days, credited the next TARGET day by 12:00. */
export const sepa = {
  name: SEPA,
  ...SEPA_BANKS,
  currencies: ['EUR'],
  domesticFor: 'EUR',
  structuredAddress: { creditor: false, debtor: false },
  file: { format: 'pain.001.001.09', extension: 'xml' },
  bankTransactionCode: 'ESCT',
  reports: ['pain.002', 'camt.054'],
  debitBookedOn: 'executionDate',
  settlement: {
    kind: 'business-days',
    timeZone: 'Europe/Berlin',
    cutoff: '15:00',
    days: 1,
    settledBy: '12:00',
    holidays: TARGET_HOLIDAYS,
  } satisfies SettlementCalendar,
  deposits: {
    currency: 'EUR',
    bankIdentifier: null,
    instructions: 'Send EUR by SEPA transfer to the IBAN above.',
    virtualAccount: null,
  },
  sendsPrenotes: false,
} as const satisfies BankRail<typeof SEPA>;
