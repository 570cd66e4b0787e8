import { isPlaceholderAccount } from '#shared/config/receiving-banks.ts';
import { assertMayTransact } from '#shared/customers/customer-rules.ts';
import type { CustomerRecord } from '#shared/customers/records.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { VirtualAccountRecord } from '#shared/deposits/records.ts';
import {
  type DepositCurrency,
  type DepositDetails,
  type DepositDetailsRequest,
  type DepositRail,
  depositRail,
} from '#shared/deposits/schemas.ts';
import { findVirtualAccountOfCurrency } from '#shared/deposits/virtual-account-repository.ts';
import type { Deps } from '#shared/deps.ts';
import { HttpError } from '#shared/errors.ts';
import type { Organization } from '#shared/organizations/records.ts';
import type { DepositTerms } from '#shared/rails/bank/rail.ts';
import { railNamed } from '#shared/rails/bank/rails.ts';

/**
 * Where a customer's payer sends fiat (API.md section 6). Money arriving on a shared account is matched to the
 * customer by the stable reference the payer quotes; a dedicated virtual account needs no reference.
 */

const NO_ACCOUNT = {
  accountName: null,
  accountAddress: null,
  iban: null,
  bic: null,
  accountNumber: null,
  routingNumber: null,
  bankName: null,
  bankAddress: null,
  bankCountry: null,
};

/**
 * A live organization's customers are never shown a placeholder account to pay real money into: the deployment (or
 * the organization) must configure its receiving bank first. The caller can do nothing about it: the service's 503.
 */
export class ReceivingBankUnsetError extends HttpError {
  constructor(currency: DepositCurrency) {
    super(
      503,
      `No ${currency.toUpperCase()} receiving bank is configured for live deposits (RECEIVING_BANKS; CDK context receivingBanks). Ask the operator to set it.`,
    );
  }
}

function assertNoPlaceholder(organization: Organization, currency: DepositCurrency, account: { bic: string }) {
  if (organization.environment === 'live' && isPlaceholderAccount(account)) throw new ReceivingBankUnsetError(currency);
}

const REFERENCE_WARNING =
  'Quote the reference exactly and pay from an account in the customer’s own name: transfers without it, or from third parties, are returned.';

type Account = Omit<
  DepositDetails,
  'customerId' | 'currency' | 'paymentRail' | 'reference' | 'thirdPartyEnabled' | 'warningText'
>;

/** The rail's deposit terms: every rail deposit details are asked for receives deposits (`depositRail`). */
function depositTermsOf(rail: DepositRail): DepositTerms {
  const terms = railNamed(rail).deposits;
  if (!terms) throw new Error(`${rail} receives no deposits`);
  return terms;
}

function referenceDetails(
  deps: Deps,
  organization: Organization,
  currency: DepositCurrency,
  terms: DepositTerms,
  reference: string,
): Account {
  const rules = `Always quote the reference ${reference}; the amount is credited to the customer's USDC balance.`;
  if (currency === 'eur') {
    // Organizations may receive EUR at a bank of their own; the rest use the platform's account.
    const eur = organization.receivingBanks?.EUR ?? deps.config.deposits.eurAccount;
    assertNoPlaceholder(organization, currency, eur);
    return {
      ...NO_ACCOUNT,
      ...eur,
      depositModel: 'reference',
      depositInstructions: `${terms.instructions} ${rules}`,
      warning: REFERENCE_WARNING,
    };
  }
  const usd = deps.config.deposits.usdAccount;
  assertNoPlaceholder(organization, currency, usd);
  const shared = {
    ...NO_ACCOUNT,
    accountName: usd.accountName,
    accountAddress: usd.accountAddress,
    accountNumber: usd.accountNumber,
    bankName: usd.bankName,
    bankAddress: usd.bankAddress,
    bankCountry: usd.bankCountry,
    depositModel: 'reference' as const,
    warning: REFERENCE_WARNING,
  };
  // The bank is named by its routing number (Fedwire) or its BIC (SWIFT), as the rail's payer names it.
  return {
    ...shared,
    ...(terms.bankIdentifier === 'routingNumber' ? { routingNumber: usd.routingNumber } : { bic: usd.bic }),
    depositInstructions: `${terms.instructions} ${rules}`,
  };
}

/** Into the customer's own dedicated IBAN (SWIFT): the account identifies the customer, no reference is needed. */
function virtualAccountDetails(
  customer: CustomerRecord,
  account: VirtualAccountRecord,
  virtual: { instructions: string },
): Account {
  return {
    ...NO_ACCOUNT,
    accountName: customer.verifiedName ?? customer.name,
    iban: account.iban,
    bic: account.bic,
    bankName: account.bankName,
    bankAddress: account.bankAddress,
    bankCountry: account.bankCountry,
    depositModel: 'virtual_account',
    depositInstructions: `${virtual.instructions} The amount is credited to the customer's USDC balance.`,
    warning: 'Only payments in USD are accepted on this account.',
  };
}

export async function getDepositDetails(
  deps: Deps,
  input: DepositDetailsRequest & { organization: Organization; customerId: string },
): Promise<DepositDetails> {
  const { organization, customerId } = input;
  const { currency, paymentRail } = depositRail(input);
  const { organizationId } = organization;
  const customer = await requireCustomer(deps, organizationId, customerId);
  assertMayTransact(customer);
  const terms = depositTermsOf(paymentRail);
  // A rail with dedicated virtual accounts (SWIFT) answers the customer's own, once it is ACTIVE.
  const virtual =
    terms.virtualAccount && currency === terms.currency.toLowerCase()
      ? await findVirtualAccountOfCurrency(deps.db, organizationId, customerId, terms.currency)
      : undefined;
  const account =
    terms.virtualAccount && virtual?.status === 'ACTIVE'
      ? virtualAccountDetails(customer, virtual, terms.virtualAccount)
      : referenceDetails(deps, organization, currency, terms, customer.depositReference);
  // In the contract's field order.
  return {
    customerId,
    currency,
    paymentRail,
    depositModel: account.depositModel,
    reference: customer.depositReference,
    accountName: account.accountName,
    accountAddress: account.accountAddress,
    iban: account.iban,
    bic: account.bic,
    accountNumber: account.accountNumber,
    routingNumber: account.routingNumber,
    bankName: account.bankName,
    bankAddress: account.bankAddress,
    bankCountry: account.bankCountry,
    depositInstructions: account.depositInstructions,
    warning: account.warning,
    warningText: account.warning,
    // Payers must be the customer: reference matching cannot tell a third party's payment from a mistake.
    thirdPartyEnabled: false,
  };
}
