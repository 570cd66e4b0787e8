import { ach } from '#shared/rails/bank/ach/rail.ts';
import { fedwire } from '#shared/rails/bank/fedwire/rail.ts';
import { type Creditor, type PayoutAccount, sumCents } from '#shared/rails/bank/payment-file.ts';
import {
  BANK_RAIL_NAMES,
  type BankDetails,
  type BankRail,
  type BankRailName,
  RAIL_NAMES,
  type RailCurrency,
  type RailName,
  type ReportFormat,
} from '#shared/rails/bank/rail.ts';
import { sepa } from '#shared/rails/bank/sepa/rail.ts';
import { sepaInstant } from '#shared/rails/bank/sepa-instant/rail.ts';
import { type Landing, landingOf, type SettlementCalendar } from '#shared/rails/bank/settlement.ts';
import { swift } from '#shared/rails/bank/swift/rail.ts';

/**
 * The rails by name: each is its folder's `BankRail` (`rail.ts` states the contract), and banks, the batcher,
 * transactions, deposits and the admin CLI look a rail up here and read it instead of branching on its name. Adding
 * a rail is a folder with its `rail.ts` and `file.ts`, an entry here and one in `RAIL_FILES` (`rail-files.ts`); the
 * mapped types make the type checker refuse a rail left out, or filed under another's name. See README.md.
 */
export const RAILS = {
  SEPA: sepa,
  SEPA_INSTANT: sepaInstant,
  FEDWIRE: fedwire,
  ACH: ach,
  SWIFT: swift,
} as const satisfies { [Name in RailName]: BankRail<Name> };

export const railNamed = (name: RailName): BankRail => RAILS[name];

/** The rails whose files pay the banks of `bankRail`, in declaration order. */
export const railsPaying = (bankRail: BankRailName) => RAIL_NAMES.filter((name) => RAILS[name].bankRail === bankRail);

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
  bankRailsOf(currency).filter((name) => RAILS[name].deposits?.currency === currency);

/** The reports a payout in `currency` may be answered with before its rail is known: those of every rail carrying it. */
export const reportsOfCurrency = (currency: RailCurrency): ReportFormat[] => [
  ...new Set(
    RAIL_NAMES.filter((name) => (RAILS[name].currencies as readonly string[]).includes(currency)).flatMap(
      (name) => RAILS[name].reports,
    ),
  ),
];

/** The rails whose bank answers with `format`: the rail a report of that format names. */
export const railsReporting = (format: ReportFormat): RailName[] =>
  RAIL_NAMES.filter((name) => (RAILS[name].reports as readonly string[]).includes(format));

/**
 * The rail a payout to a bank of `bankRail` takes, among the rails paying its banks: the instant one when the payout
 * asked for it (and it was not refused: see `decideRail`), else the one the payout account chose for its
 * currency's domestic banks (`domesticRail`: FEDWIRE unless ACH), else the bank rail itself.
 */
export function payoutRail(bankRail: BankRailName, choice: { instant: boolean; debtor: PayoutAccount | undefined }) {
  const paying = railsPaying(bankRail);
  const instant = choice.instant ? paying.find((name) => RAILS[name].settlement.kind === 'instant') : undefined;
  if (instant) return instant;
  const chosen = choice.debtor?.currency === 'USD' ? choice.debtor.domesticRail : undefined;
  return chosen && paying.includes(chosen) ? chosen : bankRail;
}

/** The rail a payout account pays its own currency's domestic banks by: what its files need of it. */
export const domesticRailOf = (account: PayoutAccount): RailName =>
  payoutRail(domesticBankRail(account.currency), { instant: false, debtor: account });

/** The rail a payout asking for an instant payment requests (`requestedPaymentRail`). */
export const INSTANT_RAIL = sepaInstant.name;

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
