import { BANK_EXISTS, bankEvent, type Where } from '#shared/banks/bank-rules.ts';
import { type Bank, toBank } from '#shared/banks/bank-view.ts';
import { beneficiaryNameMatches } from '#shared/banks/name-matching.ts';
import { awaitingConfirmationPut } from '#shared/banks/payee-confirmations.ts';
import type { BankRecord } from '#shared/banks/records.ts';
import { BankAccountExistsError, bankIdWithAccountDetails, insertBank } from '#shared/banks/repository.ts';
import type { CreateBankInput } from '#shared/banks/schemas.ts';
import { verifyPayee } from '#shared/banks/verify-payee.ts';
import { assertMayTransact } from '#shared/customers/customer-rules.ts';
import type { CustomerRecord } from '#shared/customers/records.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { Deps } from '#shared/deps.ts';
import { FieldError, HttpError } from '#shared/errors.ts';
import { newId } from '#shared/ids.ts';
import type { Chain } from '#shared/money/chains.ts';
import { railNamed } from '#shared/rails/bank/rails.ts';
import { holdBankOnSanctionsHit } from '#shared/screening/hold-rules.ts';
import { ibanCountry } from '#shared/validation/bank-accounts.ts';
import { ibanProblem } from '#shared/validation/iban.ts';
import { deriveDepositAddress, parseDepositXpub } from '#shared/wallets/derivation.ts';
import { forwarderAddress, forwarderSalt } from '#shared/wallets/forwarder-address.ts';
import type { WalletRecord } from '#shared/wallets/records.ts';
import { reserveDepositIndexes } from '#shared/wallets/repository.ts';

/**
 * A deployment without DEPOSIT_XPUB cannot give banks their deposit wallets; it must not create half banks. The
 * caller can do nothing about it, so it is the service's 503, naming what the operator must set.
 */
export class DepositKeyMissingError extends HttpError {
  constructor() {
    super(
      503,
      'Withdrawal banks cannot be created: the deployment has no deposit key (DEPOSIT_XPUB; CDK context depositXpub or depositXpubParameter). Ask the operator to set it.',
    );
  }
}

/** The address fields of a bank: given ones win; a CUSTOMER bank takes the rest from the customer's address. */
function resolveAddress(input: CreateBankInput, customer: CustomerRecord) {
  const fallbackCountry = input.currency === 'EUR' && input.iban ? ibanCountry(input.iban) : 'US';
  if (input.recipientType !== 'CUSTOMER') {
    return {
      addressLine1: input.addressLine1,
      city: input.city,
      postalCode: input.postalCode,
      country: input.country ?? fallbackCountry,
    };
  }
  const onFile = customer.address;
  if (input.addressLine1 === null && !onFile) {
    throw new FieldError('addressLine1', 'Required: the customer has no verified address on file');
  }
  return {
    addressLine1: input.addressLine1 ?? onFile?.addressLine1 ?? null,
    city: input.city ?? onFile?.city ?? null,
    // The post code belongs to the address it came with: the verified one's only when that address is used.
    postalCode: input.addressLine1 === null ? (onFile?.postalCode ?? null) : input.postalCode,
    country: input.country ?? onFile?.country ?? fallbackCountry,
  };
}

/** Custody: the organization's treasury per chain (deposit wallets there are forwarders to it). */
type Treasuries = { treasuries?: Partial<Record<Chain, string>> | undefined };
/** Verification of Payee: the organization's own NOT_POSSIBLE choice (absent: the deployment's). */
type PayeeChoice = { payeeWhenNotPossible?: 'confirm' | 'proceed' | null | undefined };

type CreateBankRequest = CreateBankInput & Where & Treasuries & PayeeChoice & { environment: 'sandbox' | 'live' };

export async function createBank(deps: Deps, input: CreateBankRequest): Promise<Bank> {
  // Before any read, as the schema's own checks: the request is malformed whoever it names.
  const ibanError = input.iban && ibanProblem(input.iban);
  if (ibanError) throw new FieldError('iban', ibanError);
  const customer = await requireCustomer(deps, input.organizationId, input.customerId);
  assertMayTransact(customer);
  if (
    input.recipientType === 'CUSTOMER' &&
    !beneficiaryNameMatches(input.beneficiaryName, customer.verifiedName ?? customer.name, customer.accountType)
  ) {
    throw new FieldError('beneficiaryName', "Beneficiary name does not match the customer's verified name");
  }
  const address = resolveAddress(input, customer);
  const { depositXpub } = deps.config;
  if (!depositXpub) throw new DepositKeyMissingError();
  const depositKey = parseDepositXpub(depositXpub);

  const now = deps.clock.now();
  const bank = newBankRecord(input, address, now);
  // Before the payee check: a bank the screening holds is confirmed, if at all, to PENDING.
  const held = await holdBankOnSanctionsHit(deps, bank, now);
  const awaiting = await holdForPayee(deps, input, customer, bank, now);
  const wallets = await depositWallets(deps, input, bank, depositKey);
  try {
    await insertBank(deps.db, {
      bank,
      wallets,
      event: bankEvent(bank, 'withdrawal_bank.created', now),
      awaiting,
      held,
    });
  } catch (error) {
    if (error instanceof BankAccountExistsError) {
      throw BANK_EXISTS.error((await bankIdWithAccountDetails(deps.db, bank)) ?? "one of this customer's banks");
    }
    throw error;
  }
  return toBank(bank, wallets);
}

function newBankRecord(input: CreateBankRequest, address: ReturnType<typeof resolveAddress>, now: Date): BankRecord {
  const at = now.toISOString();
  return {
    bankId: newId(),
    organizationId: input.organizationId,
    customerId: input.customerId,
    beneficiaryName: input.beneficiaryName,
    currency: input.currency,
    paymentRail: input.paymentRail,
    iban: input.iban,
    bic: input.bic,
    accountNumber: input.accountNumber,
    routingNumber: input.routingNumber,
    bankName: input.bankName,
    bankAddress: input.bankAddress,
    bankCountry: input.bankCountry,
    ...address,
    recipientType: input.recipientType,
    recipientEmail: input.recipientEmail,
    notificationEnabled: input.notificationEnabled,
    // The customer's own, name-checked account needs no review; a third party's, and any account of a rail that
    // reviews its banks (SWIFT: Compose reviews those), waits for an operator (`withdrawal_bank.approved` then).
    status: input.recipientType === 'CUSTOMER' && !railNamed(input.paymentRail).reviewsBanks ? 'ACTIVE' : 'PENDING',
    rejectionReason: null,
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
}

/**
 * Verification of Payee: a close match, no match (or, by the setting, no answer) holds the bank PENDING until a
 * member confirms or rejects it in the console; the status it would have had is kept for then (the item returned).
 */
async function holdForPayee(
  deps: Deps,
  input: CreateBankRequest,
  customer: CustomerRecord,
  bank: BankRecord,
  now: Date,
) {
  const business =
    input.recipientType === 'CUSTOMER'
      ? customer.accountType === 'corporate'
      : input.recipientType === 'OTHER_BUSINESS';
  bank.payeeVerification = await verifyPayee(deps, {
    environment: input.environment,
    bank,
    party: business ? 'business' : 'individual',
    whenNotPossible: input.payeeWhenNotPossible,
    now,
  });
  const onConfirm = bank.status === 'ACTIVE' ? 'ACTIVE' : 'PENDING';
  const awaiting =
    bank.payeeVerification.confirmation === 'AWAITING' ? awaitingConfirmationPut(deps.db, bank, onConfirm) : undefined;
  if (awaiting) bank.status = 'PENDING';
  return awaiting;
}

/**
 * The bank's deposit wallets, one per chain: a chain with a forwarder factory and the organization's treasury gets a
 * forwarder address (custody); any other chain an address derived from the xpub.
 */
async function depositWallets(
  deps: Deps,
  input: Treasuries,
  bank: BankRecord,
  depositKey: ReturnType<typeof parseDepositXpub>,
): Promise<WalletRecord[]> {
  const { supportedChains } = deps.config;
  const forwarding = (chain: Chain) => {
    const factory = deps.config.deposits.forwarders[chain];
    const treasury = input.treasuries?.[chain];
    return factory && treasury ? { factory, treasury } : undefined;
  };
  const derivedChains = supportedChains.filter((chain) => !forwarding(chain));
  const indexes = derivedChains.length > 0 ? await reserveDepositIndexes(deps.db, derivedChains.length) : [];
  return supportedChains.map((chain) => {
    const walletId = newId();
    const common = {
      walletId,
      organizationId: bank.organizationId,
      customerId: bank.customerId,
      kind: 'BANK_DEPOSIT' as const,
      currency: 'usdc' as const,
      chain,
      enabled: bank.status === 'ACTIVE',
      withdrawalBankId: bank.bankId,
      createdAt: bank.createdAt,
      updatedAt: bank.createdAt,
    };
    const forwarder = forwarding(chain);
    if (forwarder) {
      const salt = forwarderSalt(common);
      return {
        ...common,
        address: forwarderAddress(forwarder.factory, forwarder.treasury, salt),
        derivationIndex: null,
        forwarder: { treasury: forwarder.treasury, salt },
      };
    }
    const index = indexes[derivedChains.indexOf(chain)] as number;
    return { ...common, address: deriveDepositAddress(depositKey, index), derivationIndex: index };
  });
}
