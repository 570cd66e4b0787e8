import { FED_HOLIDAYS, FEDWIRE_BANKS } from '#shared/rails/bank/fedwire/rail.ts';
import { ACH, type BankRail } from '#shared/rails/bank/rail.ts';

/**
 * ACH credits in NACHA files, to Fedwire's banks, on the Federal Reserve's calendar. Next day: credited by 08:30 on
 * the effective date; same day: the second window's cut-off and funds-by time (README "When it lands"). Returns and
 * notifications of change come back as NACHA files (`nacha-returns.ts`); prenotes check an account first.
 */
export const ach = {
  name: ACH,
  ...FEDWIRE_BANKS,
  currencies: ['USD'],
  domesticFor: null,
  structuredAddress: { creditor: false, debtor: false },
  file: { format: 'NACHA', extension: 'ach', numberedPerDay: true },
  // An ACH credit (an electronic credit processed through an ACH: what a PPD payout is; `ATXN`, the generic ACH
  // transaction, says less).
  bankTransactionCode: 'ACDT',
  reports: ['camt.054', 'nacha-returns'],
  debitBookedOn: 'settlementDate',
  settlement: {
    kind: 'business-days',
    timeZone: 'America/New_York',
    holidays: FED_HOLIDAYS,
    cutoff: '14:00',
    days: 1,
    settledBy: '08:30',
    // Nacha's same-day limit per payment since 18 March 2022.
    sameDay: { cutoff: '14:00', settledBy: '17:00', maxAmount: '1000000.00' },
  },
  deposits: null,
  sendsPrenotes: true,
} as const satisfies BankRail<typeof ACH>;
