import { BANK_NOT_FOUND } from '#shared/banks/bank-rules.ts';
import { assertPayeeSettled } from '#shared/banks/payee-rules.ts';
import type { BankRecord } from '#shared/banks/records.ts';
import { assertMayTransact, CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import type { CustomerRecord } from '#shared/customers/records.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { BadRequestError } from '#shared/errors.ts';
import { allowanceWindow } from '#shared/ledger/allowance.ts';
import { allowanceWrites } from '#shared/ledger/allowance-repository.ts';
import { balanceWrites } from '#shared/ledger/balance-repository.ts';
import { log } from '#shared/log.ts';
import { toMicro } from '#shared/money/micro.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { estimatedSettlementAt } from '#shared/payouts/payout-rail.ts';
import { settleDueAt } from '#shared/payouts/payout-start.ts';
import { quoteWithdrawal } from '#shared/quotes/quote.ts';
import { rateProviderFor } from '#shared/quotes/rates.ts';
import { INSTANT_RAIL } from '#shared/rails/bank/rails.ts';
import {
  addSeconds,
  bankSnapshot,
  createdEvent,
  newTransactionRecord,
  quotedFigures,
} from '#shared/transactions/new-transaction.ts';
import type { CreatedBy, TransactionRecord } from '#shared/transactions/records.ts';
import { transactionWrites } from '#shared/transactions/transaction-repository.ts';
import type { CreateContext } from '#shared/withdrawals/create-context.ts';
import { NEITHER_AMOUNT } from '#shared/withdrawals/schemas.ts';

/** What a create (single or in a batch) checks of its payee and amount, and the decision it writes. */

export type Payee = { customer: CustomerRecord; bank: BankRecord };
export type Amount =
  | { sourceAmount: string; targetAmount?: undefined }
  | { targetAmount: string; sourceAmount?: undefined };

/** The one amount the body carries (the schema refused neither and both). */
export function amountOf(request: { sourceAmount?: string | undefined; targetAmount?: string | undefined }): Amount {
  if (request.sourceAmount !== undefined) return { sourceAmount: request.sourceAmount };
  if (request.targetAmount !== undefined) return { targetAmount: request.targetAmount };
  throw new BadRequestError(NEITHER_AMOUNT);
}

/** API.md's order: 404 customer, 403 KYC, 404 bank (another customer's bank is not found), 400 inactive bank. */
export function checkPayee(customer: CustomerRecord | undefined, bank: BankRecord | undefined): Payee {
  if (!customer) throw CUSTOMER_NOT_FOUND.error();
  assertMayTransact(customer);
  if (!bank) throw BANK_NOT_FOUND.error();
  assertPayeeSettled(bank);
  if (bank.status !== 'ACTIVE') throw new BadRequestError('withdrawalBankId: Withdrawal bank is not active');
  return { customer, bank };
}

export type Role = 'transaction' | 'pointer' | 'reference' | 'idempotency' | 'event' | LedgerRole;
type LedgerRole = 'balance' | 'allowance' | 'allowanceConfig';

/**
 * The decision and its writes. PROCESSING only when the rate is usable (not a stale ECB rate) and the amount fits
 * both the allowance and the available balance (reserving both in the same transaction); otherwise PROPOSED with
 * nothing reserved. `funded`: the rate is usable and the balance covers the amount, so the allowance alone decides
 * (a batch sums these against its allowance).
 */
export function plan(
  deps: Deps,
  input: {
    organization: Organization;
    payee: Payee;
    amount: Amount;
    context: CreateContext;
    idempotencyKey: string;
    hash: string;
    now: Date;
    /** False for the payouts of a batch that exceeds the allowance: the decision is PROPOSED whatever else says. */
    reserve: boolean;
    /** The create asked for SEPA Instant (the batcher decides whether it gets it). */
    instant: boolean;
    /** The batch that creates it, if any. */
    batchId?: string;
    createdBy?: CreatedBy | undefined;
  },
): { record: TransactionRecord; items: GuardedItem<Role>[]; funded: boolean } {
  const { organization, payee, context, now } = input;
  const { customer, bank } = payee;
  const { db } = deps;
  const exchange = rateProviderFor(deps.config, { organization, ...context, now }).rateFor(bank.currency);
  const quote = quoteWithdrawal({
    fees: { ...organization.fees, developerSpreadFeeBps: customer.developerSpreadFeeBps },
    exchangeRate: exchange.rate,
    maxSourceAmount: deps.config.withdrawals.maxAmountUsdc,
    ...input.amount,
  });
  const amount = toMicro(quote.sourceAmount);
  const window = allowanceWindow(organization.allowance, context.allowance, now);
  const funded = !exchange.unusable && amount <= context.balance.available;
  const executes = input.reserve && funded && amount <= window.available;
  if (exchange.unusable) log.warn('withdrawal proposed: the rate is unusable', { reason: exchange.unusable });
  const created = newTransactionRecord(
    {
      organizationId: organization.organizationId,
      customerId: customer.customerId,
      type: 'WITHDRAWAL',
      status: executes ? 'PROCESSING' : 'PROPOSED',
      completedAt: null,
      targetCurrency: bank.currency,
      ...quotedFigures(quote, customer.developerSpreadFeeBps),
      withdrawalBank: bankSnapshot(bank),
      ...(input.instant ? { requestedPaymentRail: INSTANT_RAIL } : {}),
      ...(input.batchId ? { batchId: input.batchId } : {}),
      ...(input.createdBy ? { createdBy: input.createdBy } : {}),
      idempotencyKey: input.idempotencyKey,
      reservation: { balance: executes, allowancePeriodStart: executes ? window.periodStart : null },
      expiryDueAt: addSeconds(now, deps.config.withdrawals.expiryWindowSeconds),
      settleDueAt: executes ? settleDueAt(deps, organization, now) : null,
    },
    now,
  );
  const { instantLimitEur } = deps.config.bank;
  const record = {
    ...created,
    expectedSettlementAt: estimatedSettlementAt(created, organization, instantLimitEur, now),
  };
  const at = record.createdAt;
  const owner = { organizationId: organization.organizationId, customerId: customer.customerId };
  const items: GuardedItem<Role>[] = [
    { role: 'transaction', item: transactionWrites.insert(db, record) },
    { role: 'pointer', item: transactionWrites.pointer(db, record) },
    { role: 'reference', item: transactionWrites.reference(db, record) },
    {
      role: 'idempotency',
      item: transactionWrites.idempotency(db, {
        organizationId: organization.organizationId,
        idempotencyKey: input.idempotencyKey,
        requestHash: input.hash,
        customerId: customer.customerId,
        transactionId: record.transactionId,
        createdAt: at,
      }),
    },
    { role: 'event', item: transactionWrites.event(db, createdEvent(record, now)) },
  ];
  if (executes) {
    items.push(
      { role: 'balance', item: balanceWrites.reserve(db, owner, amount, at) },
      { role: 'allowance', item: allowanceWrites.reserve(db, organization.organizationId, window, amount, at) },
      {
        role: 'allowanceConfig',
        item: allowanceWrites.configUnchanged(db, organization.organizationId, organization.allowance),
      },
    );
  }
  return { record, items, funded };
}
