import { type BankRail, SWIFT } from '#shared/rails/bank/rail.ts';

/**
 * SWIFT cross-border transfers (USD, or EUR to a bank outside SEPA): the bank by BIC, name and address, the account
 * by IBAN or number; reviewed by an operator (as Compose reviews them). Cut-off 14:00 UTC on weekdays, credited two
 * business days later by 16:00 UTC.
 */
export const swift = {
  name: SWIFT,
  bankRail: SWIFT,
  bankFields: { required: ['bic', 'bankName', 'bankAddress', 'bankCountry'], refused: { SWIFT: ['routingNumber'] } },
  account: 'IBAN_OR_ACCOUNT_NUMBER',
  reviewsBanks: true,
  area: null,
  accountKey: (bank) => `SWIFT|${bank.bic}|${bank.accountNumber ?? bank.iban}`,
  currencies: ['USD', 'EUR'],
  domesticFor: null,
  structuredAddress: { creditor: true, debtor: false },
  file: { format: 'pain.001.001.09', extension: 'xml' },
  bankTransactionCode: 'XBCT',
  reports: ['pain.002', 'camt.054'],
  debitBookedOn: 'executionDate',
  settlement: {
    kind: 'business-days',
    timeZone: 'UTC',
    cutoff: '14:00',
    days: 2,
    settledBy: '16:00',
    holidays: ['01-01', '12-25'],
  },
  deposits: {
    currency: 'USD',
    bankIdentifier: 'bic',
    instructions: 'Send USD by SWIFT wire to the account number and BIC above.',
    virtualAccount: { instructions: 'Send USD by SWIFT wire to this dedicated IBAN; no reference is needed.' },
  },
  sendsPrenotes: false,
} as const satisfies BankRail<typeof SWIFT>;
