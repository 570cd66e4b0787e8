import { beneficiaryNameMatches } from '#shared/banks/name-matching.ts';
import type { BankRecord, BankStatus } from '#shared/banks/records.ts';
import {
  BankAccountExistsError,
  BankStateChangedError,
  decideBank,
  findBankOwner,
  getBankOfCustomer,
  insertBank,
  listBanksOfCustomer,
} from '#shared/banks/repository.ts';
import { type Bank, type CreateBankInput, toBank } from '#shared/banks/schemas.ts';
import type { Clock } from '#shared/clock.ts';
import { requireCustomer } from '#shared/customers/create-customer.ts';
import { getCustomer } from '#shared/customers/repository.ts';
import type { CustomerRecord } from '#shared/customers/schemas.ts';
import type { Db } from '#shared/db/client.ts';
import type { Page } from '#shared/db/pagination.ts';
import type { Deps } from '#shared/deps.ts';
import { ConflictError, FieldError, ForbiddenError, NotFoundError } from '#shared/errors.ts';
import { eventRecord } from '#shared/events/outbox.ts';
import { newId } from '#shared/ids.ts';
import { ibanCountry } from '#shared/validation/bank-accounts.ts';
import { deriveDepositAddress, parseDepositXpub } from '#shared/wallets/derivation.ts';
import type { WalletRecord } from '#shared/wallets/records.ts';
import { listWalletsOfCustomer, reserveDepositIndexes } from '#shared/wallets/repository.ts';

export const BANK_NOT_FOUND = 'Withdrawal bank not found';

/** A deployment without DEPOSIT_XPUB cannot give banks their deposit wallets; it must not create half banks. */
export class DepositKeyMissingError extends Error {}

type Where = { organizationId: string; customerId: string };

/** The address fields of a bank: given ones win; a CUSTOMER bank takes the rest from the customer's address. */
function resolveAddress(input: CreateBankInput, customer: CustomerRecord) {
  const fallbackCountry = input.currency === 'EUR' && input.iban ? ibanCountry(input.iban) : 'US';
  if (input.recipientType !== 'CUSTOMER') {
    return { addressLine1: input.addressLine1, city: input.city, country: input.country ?? fallbackCountry };
  }
  const onFile = customer.address;
  if (input.addressLine1 === null && !onFile) {
    throw new FieldError('addressLine1', 'Required: the customer has no verified address on file');
  }
  return {
    addressLine1: input.addressLine1 ?? onFile?.addressLine1 ?? null,
    city: input.city ?? onFile?.city ?? null,
    country: input.country ?? onFile?.country ?? fallbackCountry,
  };
}

function bankEvent(bank: BankRecord, type: `withdrawal_bank.${'created' | 'approved' | 'rejected'}`, now: Date) {
  return eventRecord({
    organizationId: bank.organizationId,
    type,
    data: {
      customer_id: bank.customerId,
      withdrawal_bank_id: bank.bankId,
      status: bank.status,
      ...(bank.rejectionReason ? { reason: bank.rejectionReason } : {}),
    },
    now,
  });
}

export async function createBank(deps: Deps, input: CreateBankInput & Where): Promise<Bank> {
  const customer = await requireCustomer(deps, input.organizationId, input.customerId);
  if (customer.kycStatus !== 'APPROVED') throw new ForbiddenError('Customer KYC verification must be completed');
  if (
    input.recipientType === 'CUSTOMER' &&
    !beneficiaryNameMatches(input.beneficiaryName, customer.verifiedName ?? customer.name, customer.accountType)
  ) {
    throw new FieldError('beneficiaryName', "Beneficiary name does not match the customer's verified name");
  }
  const address = resolveAddress(input, customer);
  const { depositXpub, supportedChains } = deps.config;
  if (!depositXpub)
    throw new DepositKeyMissingError('DEPOSIT_XPUB is not configured: banks cannot get deposit wallets');
  const depositKey = parseDepositXpub(depositXpub);

  const now = deps.clock.now();
  const at = now.toISOString();
  const bank: BankRecord = {
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
    ...address,
    recipientType: input.recipientType,
    recipientEmail: input.recipientEmail,
    notificationEnabled: input.notificationEnabled,
    // The customer's own, name-checked account needs no review; a third party's waits for an operator.
    status: input.recipientType === 'CUSTOMER' ? 'ACTIVE' : 'PENDING',
    rejectionReason: null,
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
  const indexes = await reserveDepositIndexes(deps.db, supportedChains.length);
  const wallets: WalletRecord[] = supportedChains.map((chain, i) => {
    const index = indexes[i] as number;
    return {
      walletId: newId(),
      organizationId: bank.organizationId,
      customerId: bank.customerId,
      kind: 'BANK_DEPOSIT',
      address: deriveDepositAddress(depositKey, index),
      currency: 'usdc',
      chain,
      enabled: bank.status === 'ACTIVE',
      withdrawalBankId: bank.bankId,
      derivationIndex: index,
      createdAt: at,
      updatedAt: at,
    };
  });
  try {
    await insertBank(deps.db, { bank, wallets, event: bankEvent(bank, 'withdrawal_bank.created', now) });
  } catch (error) {
    if (error instanceof BankAccountExistsError) {
      throw new ConflictError('A withdrawal bank with these account details already exists');
    }
    throw error;
  }
  return toBank(bank, wallets);
}

export async function listBanks(
  deps: Deps,
  input: Where & { limit: number; cursor?: string | undefined },
): Promise<Page<Bank>> {
  await requireCustomer(deps, input.organizationId, input.customerId);
  const page = await listBanksOfCustomer(deps.db, input.organizationId, input.customerId, input);
  if (page.items.length === 0) return { items: [], nextCursor: page.nextCursor };
  const wallets = await listWalletsOfCustomer(deps.db, input.organizationId, input.customerId);
  const walletsOf = (bankId: string) => wallets.filter((wallet) => wallet.withdrawalBankId === bankId);
  return { items: page.items.map((bank) => toBank(bank, walletsOf(bank.bankId))), nextCursor: page.nextCursor };
}

/** The bank with its wallets; a missing customer and a missing bank answer their own 404s. */
async function requireBank(db: Db, where: Where & { bankId: string }) {
  const [bank, wallets] = await Promise.all([
    getBankOfCustomer(db, where.organizationId, where.customerId, where.bankId),
    listWalletsOfCustomer(db, where.organizationId, where.customerId, { withdrawalBankId: where.bankId }),
  ]);
  if (bank) return { bank, wallets };
  // A bank lives in its customer's partition, so only when it is missing is the customer worth a read.
  if (!(await getCustomer(db, where.organizationId, where.customerId))) throw new NotFoundError('Customer not found');
  throw new NotFoundError(BANK_NOT_FOUND);
}

export async function getBank(deps: Deps, input: Where & { bankId: string }): Promise<Bank> {
  const { bank, wallets } = await requireBank(deps.db, input);
  return toBank(bank, wallets);
}

type Decision = { to: 'ACTIVE'; reason?: undefined } | { to: 'REJECTED'; reason?: string | undefined };

/** An operator's verdict on a PENDING bank (sandbox routes, admin CLI). */
export async function decideBankReview(
  deps: { db: Db; clock: Clock },
  input: Where & { bankId: string } & Decision,
): Promise<Bank> {
  const { bank, wallets } = await requireBank(deps.db, input);
  const verb = input.to === 'ACTIVE' ? 'approved' : 'rejected';
  const notPending = (status: BankStatus) =>
    new ConflictError(`Only a PENDING withdrawal bank can be ${verb}; this one is ${status}`);
  if (bank.status !== 'PENDING') throw notPending(bank.status);
  const now = deps.clock.now();
  const decided: BankRecord = {
    ...bank,
    status: input.to,
    rejectionReason: input.to === 'REJECTED' ? (input.reason ?? null) : null,
  };
  try {
    const updated = await decideBank(deps.db, {
      bank,
      to: input.to,
      wallets,
      rejectionReason: decided.rejectionReason,
      now,
      event: bankEvent(decided, `withdrawal_bank.${verb}`, now),
    });
    const at = now.toISOString();
    const enabled = updated.status === 'ACTIVE';
    return toBank(
      updated,
      wallets.map((wallet) => (enabled ? { ...wallet, enabled, updatedAt: at } : wallet)),
    );
  } catch (error) {
    if (!(error instanceof BankStateChangedError)) throw error;
    const current = await getBankOfCustomer(deps.db, input.organizationId, input.customerId, input.bankId);
    throw notPending(current?.status ?? bank.status);
  }
}

/** The admin CLI's verdict, by bank id alone. */
export async function decideBankById(deps: { db: Db; clock: Clock }, input: { bankId: string } & Decision) {
  const owner = await findBankOwner(deps.db, input.bankId);
  if (!owner) throw new NotFoundError(BANK_NOT_FOUND);
  return decideBankReview(deps, { ...owner, ...input });
}
