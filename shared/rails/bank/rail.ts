import type { PaymentFile, PayoutAccount, PostalAddress } from '#shared/rails/bank/payment-file.ts';
import type { SettlementCalendar } from '#shared/rails/bank/settlement.ts';

/**
 * The contract every payment rail keeps, one folder each (`sepa/`, `sepa-instant/`, `fedwire/`, `ach/`, `swift/`):
 * the service looks a rail up by name (`RAILS` in `rails.ts`, `RAIL_FILES` in `rail-files.ts`) and reads what it
 * needs from it, never branching on a rail's name. A rail is two halves of one folder: its `BankRail` (`rail.ts`),
 * which banks, deposits, transactions and the console read, and its `BankRailFile` (`file.ts`), the writers only the
 * batcher and the prenote sender carry (a pain.001 writer brings the XML builder, which the functions reading the
 * descriptor must not bundle: docs/decisions/0028-bundle-size-targets.md). See README.md ("The contract").
 */

/**
 * The rails' names, each declared once: its rail's `name`, and what code outside this folder writes where it must
 * name one rail (an example of the OpenAPI document), never to branch on it.
 */
export const SEPA = 'SEPA';
export const SEPA_INSTANT = 'SEPA_INSTANT';
export const FEDWIRE = 'FEDWIRE';
export const ACH = 'ACH';
export const SWIFT = 'SWIFT';

/** The rails a bank is registered for: Compose's `paymentRail` of a withdrawal bank. */
export const BANK_RAIL_NAMES = [SEPA, FEDWIRE, SWIFT] as const;
export type BankRailName = (typeof BANK_RAIL_NAMES)[number];
export const RAIL_NAMES = [SEPA, SEPA_INSTANT, FEDWIRE, ACH, SWIFT] as const;
export type RailName = (typeof RAIL_NAMES)[number];
export const RAIL_CURRENCIES = ['EUR', 'USD'] as const;
export type RailCurrency = (typeof RAIL_CURRENCIES)[number];

export type BankField = 'iban' | 'bic' | 'accountNumber' | 'routingNumber' | 'bankName' | 'bankAddress' | 'bankCountry';
export type ReportFormat = 'pain.002' | 'camt.054' | 'nacha-returns';
/** A region whose banks a rail must pay in its currency (a payment there takes no other rail), by the scheme's name. */
export type BankArea = 'SEPA';

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

/** A bank's account details, as the banks area stores them. */
export type BankAccount = Pick<BankDetails, 'iban' | 'bic' | 'accountNumber' | 'routingNumber'>;

/**
 * The banks a rail serves and what their registration asks: shared by the rails that pay the same banks (SEPA
 * Instant takes SEPA's, ACH Fedwire's).
 */
export type BankTerms = {
  /** The bank rail whose banks this rail pays. */
  bankRail: BankRailName;
  /** Registration: the fields a bank of this rail needs, and the ones refused, under the name the refusal gives. */
  bankFields: { required: readonly BankField[]; refused: Readonly<Record<string, readonly BankField[]>> };
  /** The account identity: an IBAN, an IBAN or an account number (whichever the bank holds), an account number. */
  account: 'IBAN' | 'IBAN_OR_ACCOUNT_NUMBER' | 'ACCOUNT_NUMBER';
  /** A bank of this rail waits for an operator's review (`PENDING`) even when it is the customer's own. */
  reviewsBanks: boolean;
  /** The area whose banks in the rail's domestic currency must take this rail, else null. */
  area: BankArea | null;
  /**
   * What makes two banks the same account: hashed into the key of the bank's uniqueness item, so it never changes
   * for a rail banks are registered on.
   */
  accountKey: (bank: BankAccount) => string;
};

/** How a payer sends money to the platform on this rail (deposit details). */
export type DepositTerms = {
  currency: RailCurrency;
  /** What names the receiving bank beside the account: its routing number, its BIC, or the IBAN itself (null). */
  bankIdentifier: 'routingNumber' | 'bic' | null;
  /** The payer's instruction for the platform's shared account, before the reference rules. */
  instructions: string;
  /** A dedicated virtual account (an IBAN of the customer's own, no reference needed) and its payer's instruction. */
  virtualAccount: { instructions: string } | null;
};

export type BankRail<Name extends RailName = RailName> = BankTerms & {
  name: Name;
  currencies: readonly RailCurrency[];
  /** The currency whose banks take this rail when a bank names none (Compose's legacy form), else null. */
  domesticFor: RailCurrency | null;
  /** The parties whose structured postal address the rail's file carries (a bank without one is refused). */
  structuredAddress: { creditor: boolean; debtor: boolean };
  file: {
    format: 'pain.001.001.09' | 'NACHA';
    extension: 'xml' | 'ach';
    /** Files numbered per originator and UTC day (`FileContext.fileOfDay`, from a stored counter). */
    numberedPerDay?: true;
  };
  /**
   * The ISO 20022 bank transaction code a bank books this rail's payments under (domain `PMNT`, family `ICDT`, an issued
   * credit transfer): this sub-family, from ISO's ExternalBankTransactionSubFamily1Code list.
   */
  bankTransactionCode: 'ESCT' | 'DMCT' | 'XBCT' | 'ACDT';
  /** The bank's reports on this rail's files, each read by its format's reader (`reports.ts`, `ach/nacha-returns.ts`). */
  reports: readonly ReportFormat[];
  settlement: SettlementCalendar;
  /**
   * The date of its landing (`railLanding`) on which the debtor's bank books a payment of this rail on the debtor's
   * account, the booking and value date of its camt.054 debit: a pain.001's requested execution date (ISO 20022: the
   * date the debtor's account is to be debited), an ACH batch's effective entry date, on which the ODFI settles it.
   */
  debitBookedOn: 'executionDate' | 'settlementDate';
  /** Deposit details on this rail, null when the platform receives none on it. */
  deposits: DepositTerms | null;
  /** Prenotes: zero-dollar entries checking an account before its first payment (its `BankRailFile` writes them). */
  sendsPrenotes: boolean;
};

export type FileContext = {
  createdAt: Date;
  debtor: PayoutAccount;
  /** The file's settlement date from `railLanding` (the landing its payouts answer): an ACH file's effective entry date. */
  settlementDate: string;
  /** Which of the originator's files of the day this is (0-based; the first when not given), for a rail whose files are numbered per day. */
  fileOfDay?: number;
};

/** Writes the file in the rail's format (`BankRail.file.format`), its execution date from the rail's calendar. */
export type RailFileWriter = (file: PaymentFile, context: FileContext) => string;

/** A rail's writers: its payment file, and its prenote file where the rail sends prenotes (and only there). */
export type BankRailFile<Rail extends Pick<BankRail, 'sendsPrenotes'> = BankRail> = {
  write: RailFileWriter;
} & (Rail['sendsPrenotes'] extends true
  ? { writePrenotes: RailFileWriter }
  : Rail['sendsPrenotes'] extends false
    ? { writePrenotes?: never }
    : { writePrenotes?: RailFileWriter });
