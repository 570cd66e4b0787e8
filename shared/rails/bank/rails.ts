import { type Creditor, type PayoutAccount, type PostalAddress, sumCents } from '#shared/rails/bank/payment-file.ts';
import { type Landing, landingOf, type SettlementCalendar } from '#shared/rails/bank/settlement.ts';

/**
 * The payment rails, one descriptor each: everything the service knows about a rail is here, and banks, the batcher,
 * transactions, deposits and the admin CLI read it from here instead of branching on a currency or a rail name.
 * Adding a rail is a descriptor and its writer (`rail-files.ts`: only the batcher writes files, so the descriptors
 * that every bank, transaction and console function reads carry no writer); `satisfies Record<RailName, ...>` in both
 * makes the type checker refuse a rail that leaves anything out. See README.md ("Rails").
 */

/** The rails a bank is registered for: Compose's `paymentRail` of a withdrawal bank. */
export const BANK_RAIL_NAMES = ['SEPA', 'FEDWIRE', 'SWIFT'] as const;
export type BankRailName = (typeof BANK_RAIL_NAMES)[number];
export const RAIL_NAMES = ['SEPA', 'SEPA_INSTANT', 'FEDWIRE', 'ACH', 'SWIFT'] as const;
export type RailName = (typeof RAIL_NAMES)[number];
export const RAIL_CURRENCIES = ['EUR', 'USD'] as const;
export type RailCurrency = (typeof RAIL_CURRENCIES)[number];

export type BankField = 'iban' | 'bic' | 'accountNumber' | 'routingNumber' | 'bankName' | 'bankAddress' | 'bankCountry';
export type ReportFormat = 'pain.002' | 'camt.054' | 'nacha-returns';

/** What a rail needs of a bank, as the banks area stores it (a structural type: rails sit below banks). */
export type BankDetails = {
  beneficiaryName: string;
  recipientType: 'CUSTOMER' | 'OTHER_INDIVIDUAL' | 'OTHER_BUSINESS';
  /** The customer's account type for a CUSTOMER bank (a business is paid as one). */
  holderType: 'individual' | 'business';
  iban: string | null;
  bic: string | null;
  accountNumber: string | null;
  routingNumber: string | null;
  address: PostalAddress | null;
};

export type RailDescriptor = {
  /** The bank rail whose banks this rail pays. */
  bankRail: BankRailName;
  currencies: readonly RailCurrency[];
  /** The currency whose banks take this rail when a bank names none (Compose's legacy form), else null. */
  domesticFor: RailCurrency | null;
  /** Registration: the fields a bank of this rail needs, and the ones refused, under the name the refusal gives. */
  bankFields: { required: readonly BankField[]; refused: Readonly<Record<string, readonly BankField[]>> };
  /** The account identity: an IBAN, an IBAN or an account number (whichever the bank holds), an account number. */
  account: 'IBAN' | 'IBAN_OR_ACCOUNT_NUMBER' | 'ACCOUNT_NUMBER';
  /** The parties whose structured postal address the rail's file carries (a bank without one is refused). */
  structuredAddress: { creditor: boolean; debtor: boolean };
  file: {
    format: 'pain.001.001.09' | 'NACHA';
    extension: 'xml' | 'ach';
    /** Files numbered per originator and UTC day (`FileContext.fileOfDay` of `rail-files.ts`, from a stored counter): ACH. */
    numberedPerDay?: true;
  };
  /**
   * The ISO 20022 bank transaction code a bank books this rail's payments under (domain `PMNT`, family `ICDT`, an issued
   * credit transfer): this sub-family, from ISO's ExternalBankTransactionSubFamily1Code list. `ESCT` SEPA credit
   * transfer (the list has no code of its own for SEPA Instant), `DMCT` domestic credit transfer, `XBCT` cross-border
   * credit transfer, `ACDT` ACH credit (an electronic credit processed through an ACH: what a PPD payout is; `ATXN`,
   * the generic ACH transaction, says less).
   */
  bankTransactionCode: 'ESCT' | 'DMCT' | 'XBCT' | 'ACDT';
  /** The bank's reports on this rail's files, each read by its reader in `reports.ts` (NACHA returns: `nacha-returns.ts`). */
  reports: readonly ReportFormat[];
  settlement: SettlementCalendar;
  /**
   * The date of its landing (`railLanding`) on which the debtor's bank books a payment of this rail on the debtor's
   * account, the booking and value date of its camt.054 debit: a pain.001's requested execution date (ISO 20022: the
   * date the debtor's account is to be debited), an ACH batch's effective entry date, on which the ODFI settles it.
   */
  debitBookedOn: 'executionDate' | 'settlementDate';
  /** Deposit details: the currency the platform receives on this rail, null when it offers none. */
  receivesDeposits: RailCurrency | null;
};

/** TARGET2 closing days (SEPA's calendar): fixed ones and the Easter dates of 2026-2028. */
const TARGET_HOLIDAYS = ['01-01', '05-01', '12-25', '12-26', '2026-04-03', '2026-04-06', '2027-03-26', '2027-03-29'];
/** Federal Reserve bank holidays 2026-2027 (a Saturday holiday is not moved: the Fed is open the Friday before). */
const FED_HOLIDAYS = [
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

const SEPA_CALENDAR = {
  kind: 'business-days',
  timeZone: 'Europe/Berlin',
  cutoff: '15:00',
  days: 1,
  settledBy: '12:00',
  holidays: TARGET_HOLIDAYS,
} as const satisfies SettlementCalendar;
const FED_CALENDAR = {
  timeZone: 'America/New_York',
  holidays: FED_HOLIDAYS,
} as const;

const SEPA_FIELDS = {
  required: ['iban', 'bic'],
  refused: { EUR: ['accountNumber', 'routingNumber'], SEPA: ['bankName', 'bankAddress', 'bankCountry'] },
} as const;
const US_FIELDS = {
  required: ['accountNumber', 'routingNumber'],
  refused: { USD: ['iban', 'bic'], FEDWIRE: ['bankName', 'bankAddress', 'bankCountry'] },
} as const;

/** Next day: credited by 08:30 on the effective date; same day: the second window's cut-off and funds-by time (README). */
const ACH_CALENDAR = {
  kind: 'business-days',
  ...FED_CALENDAR,
  cutoff: '14:00',
  days: 1,
  settledBy: '08:30',
  // Nacha's same-day limit per payment since 18 March 2022.
  sameDay: { cutoff: '14:00', settledBy: '17:00', maxAmount: '1000000.00' },
} as const satisfies SettlementCalendar;

export const RAILS = {
  SEPA: {
    bankRail: 'SEPA',
    currencies: ['EUR'],
    domesticFor: 'EUR',
    bankFields: SEPA_FIELDS,
    account: 'IBAN',
    structuredAddress: { creditor: false, debtor: false },
    file: { format: 'pain.001.001.09', extension: 'xml' },
    bankTransactionCode: 'ESCT',
    reports: ['pain.002', 'camt.054'],
    settlement: SEPA_CALENDAR,
    debitBookedOn: 'executionDate',
    receivesDeposits: 'EUR',
  },
  SEPA_INSTANT: {
    bankRail: 'SEPA',
    currencies: ['EUR'],
    domesticFor: null,
    bankFields: SEPA_FIELDS,
    account: 'IBAN',
    structuredAddress: { creditor: false, debtor: false },
    file: { format: 'pain.001.001.09', extension: 'xml' },
    bankTransactionCode: 'ESCT',
    reports: ['pain.002', 'camt.054'],
    settlement: { kind: 'instant', seconds: 10 },
    debitBookedOn: 'executionDate',
    receivesDeposits: null,
  },
  FEDWIRE: {
    bankRail: 'FEDWIRE',
    currencies: ['USD'],
    domesticFor: 'USD',
    bankFields: US_FIELDS,
    account: 'ACCOUNT_NUMBER',
    structuredAddress: { creditor: true, debtor: true },
    file: { format: 'pain.001.001.09', extension: 'xml' },
    bankTransactionCode: 'DMCT',
    reports: ['pain.002', 'camt.054'],
    settlement: { kind: 'business-days', ...FED_CALENDAR, cutoff: '17:00', days: 0, settledBy: '18:00' },
    debitBookedOn: 'executionDate',
    receivesDeposits: 'USD',
  },
  ACH: {
    bankRail: 'FEDWIRE',
    currencies: ['USD'],
    domesticFor: null,
    bankFields: US_FIELDS,
    account: 'ACCOUNT_NUMBER',
    structuredAddress: { creditor: false, debtor: false },
    file: { format: 'NACHA', extension: 'ach', numberedPerDay: true },
    bankTransactionCode: 'ACDT',
    reports: ['camt.054', 'nacha-returns'],
    settlement: ACH_CALENDAR,
    debitBookedOn: 'settlementDate',
    receivesDeposits: null,
  },
  SWIFT: {
    bankRail: 'SWIFT',
    currencies: ['USD', 'EUR'],
    domesticFor: null,
    bankFields: { required: ['bic', 'bankName', 'bankAddress', 'bankCountry'], refused: { SWIFT: ['routingNumber'] } },
    account: 'IBAN_OR_ACCOUNT_NUMBER',
    structuredAddress: { creditor: true, debtor: false },
    file: { format: 'pain.001.001.09', extension: 'xml' },
    bankTransactionCode: 'XBCT',
    reports: ['pain.002', 'camt.054'],
    settlement: {
      kind: 'business-days',
      timeZone: 'UTC',
      cutoff: '14:00',
      days: 2,
      settledBy: '16:00',
      holidays: ['01-01', '12-25'],
    },
    debitBookedOn: 'executionDate',
    receivesDeposits: 'USD',
  },
} as const satisfies Record<RailName, RailDescriptor>;

export const railOf = (name: RailName): RailDescriptor => RAILS[name];

/** The rails whose files pay the banks of `bankRail`, in declaration order. */
export const railsPaying = (bankRail: BankRailName) => RAIL_NAMES.filter((name) => RAILS[name].bankRail === bankRail);

/** A bank rail's own descriptor (it states the fields a bank of it is registered with). */
export const bankRailDescriptor = (bankRail: BankRailName): RailDescriptor => RAILS[bankRail];

/** The bank rails a bank in `currency` may name; the domestic one first. */
export const bankRailsOf = (currency: RailCurrency): BankRailName[] =>
  BANK_RAIL_NAMES.filter((name) => (RAILS[name].currencies as readonly string[]).includes(currency)).sort(
    (a, b) => Number(RAILS[b].domesticFor === currency) - Number(RAILS[a].domesticFor === currency),
  );

/** The bank rail a bank in `currency` takes when it names none. */
export function domesticBankRail(currency: RailCurrency): BankRailName {
  const rail = BANK_RAIL_NAMES.find((name) => RAILS[name].domesticFor === currency);
  if (!rail) throw new Error(`No domestic rail for ${currency}`);
  return rail;
}

/** The rails deposits are received on, per currency, the domestic one first. */
export const depositRailsOf = (currency: RailCurrency): BankRailName[] =>
  bankRailsOf(currency).filter((name) => RAILS[name].receivesDeposits === currency);

/**
 * The rail a payout to a bank of `bankRail` takes: SEPA banks SEPA Instant when the payout asked for it (and it was
 * not refused: see `instantFallback`), US domestic banks the organization's choice on its USD payout account
 * (FEDWIRE unless it chose ACH), SWIFT banks SWIFT.
 */
export function payoutRail(bankRail: BankRailName, choice: { instant: boolean; debtor: PayoutAccount | undefined }) {
  if (bankRail === 'SEPA') return choice.instant ? 'SEPA_INSTANT' : 'SEPA';
  if (bankRail === 'FEDWIRE')
    return choice.debtor?.currency === 'USD' ? (choice.debtor.domesticRail ?? 'FEDWIRE') : 'FEDWIRE';
  return bankRail;
}

/**
 * When payouts of `amounts` filed together on `rail` at `at` land: the one computation the file's dates and the
 * withdrawals' `expectedSettlementAt` both take. Same-day applies where the rail offers it (ACH), the payout account
 * is enabled and no payment is over the same-day limit (the file then goes next day whole).
 */
export function railLanding(
  rail: RailName,
  debtor: PayoutAccount | undefined,
  at: Date,
  amounts: readonly string[],
): Landing {
  const calendar: SettlementCalendar = RAILS[rail].settlement;
  const limit = calendar.kind === 'business-days' ? calendar.sameDay?.maxAmount : undefined;
  const sameDay =
    debtor?.currency === 'USD' &&
    debtor.achSameDay === true &&
    limit !== undefined &&
    amounts.every((amount) => sumCents([amount]) <= sumCents([limit]));
  return landingOf(calendar, at, { sameDay });
}

/** How a rail names the creditor: the account identity and the address its file wants, from the bank. */
export function creditorOf(rail: RailName, bank: BankDetails): Creditor {
  const { account } = RAILS[rail];
  const ibanInAccountNumber =
    account === 'IBAN_OR_ACCOUNT_NUMBER' && /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(bank.accountNumber ?? '');
  const iban = account === 'ACCOUNT_NUMBER' ? null : (bank.iban ?? (ibanInAccountNumber ? bank.accountNumber : null));
  return {
    name: bank.beneficiaryName,
    kind:
      bank.recipientType === 'OTHER_BUSINESS' || (bank.recipientType === 'CUSTOMER' && bank.holderType === 'business')
        ? 'business'
        : 'individual',
    iban,
    accountNumber: account === 'IBAN' || iban ? null : bank.accountNumber,
    bic: bank.bic,
    routingNumber: bank.routingNumber,
    address: bank.address,
  };
}
