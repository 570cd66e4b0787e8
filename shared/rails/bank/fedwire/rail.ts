import { type BankRail, type BankTerms, FEDWIRE } from '#shared/rails/bank/rail.ts';

/** Federal Reserve bank holidays 2026-2027 (a Saturday holiday is not moved: the Fed is open the Friday before). */
export const FED_HOLIDAYS = [
  '2026-01-01',
  '2026-01-19',
  '2026-02-16',
  '2026-05-25',
  '2026-06-19',
  '2026-09-07',
  '2026-10-12',
  '2026-11-11',
  '2026-11-26',
  '2026-12-25',
  '2027-01-01',
  '2027-01-18',
  '2027-02-15',
  '2027-05-31',
  '2027-07-05',
  '2027-09-06',
  '2027-10-11',
  '2027-11-11',
  '2027-11-25',
];

/** The US domestic banks Fedwire pays, by ABA routing and account number, which ACH pays too. */
export const FEDWIRE_BANKS = {
  bankRail: FEDWIRE,
  bankFields: {
    required: ['accountNumber', 'routingNumber'],
    refused: { USD: ['iban', 'bic'], FEDWIRE: ['bankName', 'bankAddress', 'bankCountry'] },
  },
  account: 'ACCOUNT_NUMBER',
  reviewsBanks: false,
  area: null,
  accountKey: (bank) => `USD|${bank.routingNumber}|${bank.accountNumber}`,
} as const satisfies BankTerms;

/** Fedwire funds transfers: cut-off 17:00 New York on Fed days, credited the same day by 18:00. */
export const fedwire = {
  name: FEDWIRE,
  ...FEDWIRE_BANKS,
  currencies: ['USD'],
  domesticFor: 'USD',
  structuredAddress: { creditor: true, debtor: true },
  file: { format: 'pain.001.001.09', extension: 'xml' },
  bankTransactionCode: 'DMCT',
  reports: ['pain.002', 'camt.054'],
  debitBookedOn: 'executionDate',
  settlement: {
    kind: 'business-days',
    timeZone: 'America/New_York',
    holidays: FED_HOLIDAYS,
    cutoff: '17:00',
    days: 0,
    settledBy: '18:00',
  },
  deposits: {
    currency: 'USD',
    bankIdentifier: 'routingNumber',
    instructions: 'Send USD by Fedwire to the account and routing number above.',
    virtualAccount: null,
  },
  sendsPrenotes: false,
} as const satisfies BankRail<typeof FEDWIRE>;
