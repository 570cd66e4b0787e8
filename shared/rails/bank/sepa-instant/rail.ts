import { type BankRail, SEPA_INSTANT } from '#shared/rails/bank/rail.ts';
import { SEPA_BANKS } from '#shared/rails/bank/sepa/rail.ts';

/**
 * SEPA Instant credit transfers (EPC SCT Inst): SEPA's banks and file with local instrument `INST`, credited within
 * ten seconds any day and hour. ISO's sub-family list has no code of its own for it: booked as SEPA (`ESCT`).
 */
export const sepaInstant = {
  name: SEPA_INSTANT,
  ...SEPA_BANKS,
  currencies: ['EUR'],
  domesticFor: null,
  structuredAddress: { creditor: false, debtor: false },
  file: { format: 'pain.001.001.09', extension: 'xml' },
  bankTransactionCode: 'ESCT',
  reports: ['pain.002', 'camt.054'],
  debitBookedOn: 'executionDate',
  settlement: { kind: 'instant', seconds: 10 },
  deposits: null,
  sendsPrenotes: false,
} as const satisfies BankRail<typeof SEPA_INSTANT>;
