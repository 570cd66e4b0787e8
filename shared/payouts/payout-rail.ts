import { getBankOfCustomer } from '#shared/banks/repository.ts';
import { getCustomer } from '#shared/customers/repository.ts';
import type { Deps } from '#shared/deps.ts';
import type { Organization } from '#shared/organizations/records.ts';
import type { PaymentFileRecord } from '#shared/payouts/records.ts';
import type { ChannelScope } from '#shared/rails/bank/channel.ts';
import {
  type Creditor,
  type PayoutAccount,
  type PostalAddress,
  SANDBOX_DEBTORS,
  sumCents,
} from '#shared/rails/bank/payment-file.ts';
import type { BankRailName, RailName } from '#shared/rails/bank/rail.ts';
import { creditorOf, domesticBankRail, payoutRail, RAILS, railLanding } from '#shared/rails/bank/rails.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';

/**
 * Which rail a payout leaves on and whom it pays, from the rails (`shared/rails/bank/rails.ts`): the
 * account details are the withdrawal's snapshot (history is not rewritten by later bank changes); the holder's kind
 * and structured address are read from the bank and its customer when the file is written.
 */

/** The bank rail of a withdrawal's bank; snapshots written before rails were stored took the currency's domestic one. */
export function bankRailOf(withdrawal: TransactionRecord): BankRailName {
  const bank = withdrawal.withdrawalBank;
  if (!bank) throw new Error(`Withdrawal ${withdrawal.transactionId} has no bank`);
  return bank.paymentRail ?? domesticBankRail(bank.currency);
}

export type RailDecision = { rail: RailName; fallbackReason: string | null };

export const NOT_INSTANT_RAIL = 'SEPA Instant pays EUR banks on SEPA only';
export const OVER_INSTANT_LIMIT = 'The amount is over the instant limit';
export const NOT_REACHABLE_INSTANT = 'The receiving bank is not reachable by SEPA Instant';

/**
 * The rail a payout takes, and why not the one it asked for. SEPA Instant falls back to SEPA when the amount is over
 * `SEPA_INSTANT_LIMIT_EUR` or the receiving bank is not reachable for instant payments (`instantReachable`).
 */
export function decideRail(
  withdrawal: TransactionRecord,
  context: { environment: 'sandbox' | 'live'; debtor: PayoutAccount | undefined; instantLimitEur: string },
): RailDecision {
  const bankRail = bankRailOf(withdrawal);
  const standard = payoutRail(bankRail, { instant: false, debtor: context.debtor });
  const requested = withdrawal.requestedPaymentRail ? RAILS[withdrawal.requestedPaymentRail] : undefined;
  if (requested?.settlement.kind !== 'instant') return { rail: standard, fallbackReason: null };
  if (bankRail !== requested.bankRail)
    return { rail: standard, fallbackReason: `${NOT_INSTANT_RAIL}; this bank is paid by ${bankRail}` };
  if (sumCents([withdrawal.targetAmount]) > sumCents([context.instantLimitEur])) {
    return { rail: standard, fallbackReason: `${OVER_INSTANT_LIMIT} of ${context.instantLimitEur} EUR` };
  }
  if (!instantReachable(withdrawal.withdrawalBank?.bic ?? null, context.environment)) {
    return { rail: standard, fallbackReason: NOT_REACHABLE_INSTANT };
  }
  return { rail: payoutRail(bankRail, { instant: true, debtor: context.debtor }), fallbackReason: null };
}

/** The account an organization pays a currency from: its configured payout account, else a sandbox's placeholder. */
export function debtorOf(organization: Organization, currency: 'EUR' | 'USD'): PayoutAccount | undefined {
  const configured: PayoutAccount | undefined = organization.payoutAccounts?.[currency];
  if (configured) return configured;
  return organization.environment === 'sandbox' ? SANDBOX_DEBTORS[currency] : undefined;
}

/** What `decideRail` reads of a payout's organization: the same for the batcher and the estimate before filing. */
export function railContextOf(
  organization: Organization | undefined,
  currency: 'EUR' | 'USD',
  instantLimitEur: string,
) {
  return {
    environment: organization?.environment ?? ('live' as const),
    debtor: organization && debtorOf(organization, currency),
    instantLimitEur,
  };
}

/**
 * When a payout not yet filed is expected to land, were it filed at `at`: on the rail the batcher will decide on
 * (`decideRail`, the organization's choice of ACH or Fedwire included) and that rail's landing.
 */
export function estimatedSettlementAt(
  withdrawal: TransactionRecord,
  organization: Organization | undefined,
  instantLimitEur: string,
  at: Date,
): string {
  const context = railContextOf(organization, withdrawal.targetCurrency === 'USD' ? 'USD' : 'EUR', instantLimitEur);
  const { rail } = decideRail(withdrawal, context);
  return railLanding(rail, context.debtor, at, [withdrawal.targetAmount]).expectedAt.toISOString();
}

/**
 * Euro-area payment providers must receive SEPA Instant since 9 January 2025 (Instant Payments Regulation); providers
 * elsewhere in SEPA only from 2027. So a live bank is taken as reachable when its BIC is in the euro area; the
 * sandbox bank treats a BIC starting `NOIN` as unreachable, so a fallback can be tried. A bank without a BIC is
 * not known to be reachable.
 */
const EURO_AREA = new Set('AT BE BG CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK'.split(' '));
export function instantReachable(bic: string | null, environment: 'sandbox' | 'live'): boolean {
  if (!bic) return false;
  if (environment === 'sandbox' && bic.startsWith('NOIN')) return false;
  return EURO_AREA.has(bic.slice(4, 6));
}

/** Why the organization's debtor account cannot send a rail's files (null: it can). */
export function debtorUnfit(rail: RailName, debtor: PayoutAccount): string | null {
  if (RAILS[rail].structuredAddress.debtor && !debtor.address) return 'the payout account has no address';
  if (RAILS[rail].file.format === 'NACHA' && (debtor.currency !== 'USD' || !debtor.achCompanyId)) {
    return 'the payout account has no ACH company id';
  }
  return null;
}

/** A file's name in the outbox: its message id and its format's extension (files before rails: `.xml`). */
export const paymentFileName = (file: Pick<PaymentFileRecord, 'messageId' | 'rail'>) =>
  `${file.messageId}.${file.rail ? RAILS[file.rail].file.extension : 'xml'}`;

/** Whose outbox a payment file is written to: its environment's, its organization's. */
export const fileScope = (file: Pick<PaymentFileRecord, 'environment' | 'organizationId'>): ChannelScope => ({
  environment: file.environment,
  organizationId: file.organizationId,
});

/**
 * A one-line street address as a structured one: a leading (`383 Madison Avenue`) or trailing
 * (`Friedrichstraße 123`) house number becomes the building number, the rest the street.
 */
export function splitStreet(line: string): { street: string; buildingNumber: string | null } {
  const leading = /^(\d+[A-Za-z]?)\s+(.+)$/.exec(line.trim());
  if (leading?.[1] && leading[2]) return { street: leading[2], buildingNumber: leading[1] };
  const trailing = /^(.+?)\s+(\d+[A-Za-z]?)$/.exec(line.trim());
  if (trailing?.[1] && trailing[2]) return { street: trailing[1], buildingNumber: trailing[2] };
  return { street: line.trim(), buildingNumber: null };
}

export async function railCreditor(deps: Deps, rail: RailName, withdrawal: TransactionRecord): Promise<Creditor> {
  const snapshot = withdrawal.withdrawalBank;
  if (!snapshot) throw new Error(`Withdrawal ${withdrawal.transactionId} has no bank`);
  const [bank, customer] = await Promise.all([
    getBankOfCustomer(deps.db, withdrawal.organizationId, withdrawal.customerId, snapshot.id),
    getCustomer(deps.db, withdrawal.organizationId, withdrawal.customerId),
  ]);
  const recipientType = bank?.recipientType ?? 'CUSTOMER';
  const kyc = customer?.address;
  // A CUSTOMER bank's address is the verified one unless the bank was given its own.
  const fromKyc =
    recipientType === 'CUSTOMER' && kyc && (!bank?.addressLine1 || bank.addressLine1 === kyc.addressLine1);
  const line = fromKyc ? kyc.addressLine1 : bank?.addressLine1;
  const town = fromKyc ? kyc.city : bank?.city;
  const country = fromKyc ? kyc.country : bank?.country;
  const address: PostalAddress | null =
    line && town && country
      ? { ...splitStreet(line), postCode: (fromKyc ? kyc.postalCode : bank?.postalCode) || null, town, country }
      : null;
  return creditorOf(rail, {
    beneficiaryName: snapshot.beneficiaryName,
    recipientType,
    holderType: customer?.accountType === 'corporate' ? 'business' : 'individual',
    iban: snapshot.iban,
    bic: snapshot.bic,
    accountNumber: snapshot.accountNumber,
    routingNumber: snapshot.routingNumber,
    address,
  });
}
