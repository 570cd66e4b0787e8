import { randomInt } from 'node:crypto';
import type { BankRecord } from '#shared/banks/records.ts';
import { type EventRecord, eventRecord } from '#shared/events/outbox.ts';
import { newId, sha256Hex } from '#shared/ids.ts';
import { decimalValue } from '#shared/money/amounts.ts';
import { depositDeveloperFee } from '#shared/quotes/deposit-fee.ts';
import type { Quote } from '#shared/quotes/quote.ts';
import { domesticBankRail, RAILS } from '#shared/rails/bank/rails.ts';
import { landingOf } from '#shared/rails/bank/settlement.ts';
import { requiresUiAction, type WithdrawalTransition } from '#shared/transactions/lifecycle.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';

/** Crockford's base32: no I, L, O or U, so a reference read out over the phone is not misheard. */
export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const referencePart = () =>
  Array.from({ length: 4 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('');

/**
 * `WD-7K3M-9QX2` for withdrawals, `DP-...` for deposits; uniqueness is enforced by a guarded reference item (a bank
 * credit's deposit takes its booking's id instead: `bookingReference`).
 */
export const newReference = (type: TransactionRecord['type']) =>
  `${type === 'WITHDRAWAL' ? 'WD' : 'DP'}-${referencePart()}-${referencePart()}`;

type NewTransaction = Pick<
  TransactionRecord,
  | 'organizationId'
  | 'customerId'
  | 'type'
  | 'status'
  | 'completedAt'
  | 'targetCurrency'
  | 'sourceAmount'
  | 'targetAmount'
  | 'exchangeRate'
  | 'fee'
  | 'withdrawalBank'
  | 'idempotencyKey'
  | 'reservation'
  | 'expiryDueAt'
  | 'settleDueAt'
> &
  Partial<Pick<TransactionRecord, 'depositInstructions' | 'developerFee' | 'requestedPaymentRail' | 'batchId'>>;

/**
 * The figures of a quote as a transaction stores them: the developer fee becomes Compose's object (null when the
 * customer has none).
 */
export function quotedFigures(quote: Quote, developerSpreadFeeBps: number) {
  return {
    sourceAmount: quote.sourceAmount,
    targetAmount: quote.targetAmount,
    fee: quote.fee,
    exchangeRate: quote.exchangeRate,
    developerFee: developerFeeOf(developerSpreadFeeBps, quote.developerFee ?? '0.00'),
  };
}

export const developerFeeOf = (developerSpreadFeeBps: number, amount: string): TransactionRecord['developerFee'] =>
  developerSpreadFeeBps > 0 ? { developerSpreadFeeBps, amount } : null;

/** A new transaction: a fresh id and reference, its timestamps, and the fields every transaction starts without. */
export function newTransactionRecord(input: NewTransaction, now: Date): TransactionRecord {
  const at = now.toISOString();
  return {
    transactionId: newId(),
    reference: newReference(input.type),
    createdAt: at,
    updatedAt: at,
    sourceCurrency: 'USDC',
    walletAddress: null,
    depositInstructions: null,
    developerFee: null,
    txHash: null,
    failureReason: null,
    approvals: [],
    cancelledBy: null,
    version: 1,
    ...input,
  };
}

/**
 * USDC that arrived for the customer and was credited at once: a COMPLETED `DEPOSIT` of `usdc` (sandbox credits,
 * inbound deposits), less the customer's developer fee when it has one (`developerFee`; `depositLedger` writes the
 * credit and the fee in the caller's transaction).
 */
export function newCompletedDeposit(
  owner: Pick<TransactionRecord, 'organizationId' | 'customerId'>,
  usdc: string,
  now: Date,
  options: {
    depositInstructions?: TransactionRecord['depositInstructions'];
    developerSpreadFeeBps?: number;
  } = {},
): TransactionRecord {
  const bps = options.developerSpreadFeeBps ?? 0;
  return newTransactionRecord(
    {
      ...owner,
      depositInstructions: options.depositInstructions ?? null,
      developerFee: developerFeeOf(bps, depositDeveloperFee(usdc, bps)),
      type: 'DEPOSIT',
      status: 'COMPLETED',
      completedAt: now.toISOString(),
      targetCurrency: 'USDC',
      sourceAmount: usdc,
      targetAmount: usdc,
      exchangeRate: '1.00',
      fee: '0.00',
      withdrawalBank: null,
      idempotencyKey: null,
      reservation: { balance: false, allowancePeriodStart: null },
      expiryDueAt: null,
      settleDueAt: null,
    },
    now,
  );
}

/** The payout details copied onto the transaction: later changes to the bank do not rewrite history. */
export const bankSnapshot = (bank: BankRecord): NonNullable<TransactionRecord['withdrawalBank']> => ({
  id: bank.bankId,
  beneficiaryName: bank.beneficiaryName,
  currency: bank.currency,
  iban: bank.iban,
  bic: bank.bic,
  accountNumber: bank.accountNumber,
  routingNumber: bank.routingNumber,
  paymentRail: bank.paymentRail,
});

/** The rail of a bank snapshot; records written before rails were stored took the currency's default rail. */
const railOf = (bank: TransactionRecord['withdrawalBank']): Transaction['paymentRail'] =>
  bank ? (bank.paymentRail ?? domesticBankRail(bank.currency)) : null;

/**
 * How a payout travels: what it asked for, and once filed the rail it took and when it should land (the batcher
 * stores both). Until then it answers the estimate stored at creation (`estimatedSettlementAt`: the rail the batcher
 * will decide on); a record created before estimates were stored is estimated on the rail it asked for or its bank's.
 */
function railFields(record: TransactionRecord) {
  const bank = record.withdrawalBank;
  const open = record.status !== 'FAILED' && record.status !== 'CANCELLED' && record.status !== 'EXPIRED';
  const estimatedRail =
    record.requestedPaymentRail ?? (bank ? (bank.paymentRail ?? domesticBankRail(bank.currency)) : null);
  const estimate =
    record.type === 'WITHDRAWAL' && open && estimatedRail
      ? landingOf(RAILS[estimatedRail].settlement, new Date(record.createdAt), {
          sameDay: false,
        }).expectedAt.toISOString()
      : null;
  return {
    requestedPaymentRail: record.requestedPaymentRail ?? null,
    settlementRail: record.settlementRail ?? null,
    railFallbackReason: record.railFallbackReason ?? null,
    expectedSettlementAt: open ? (record.expectedSettlementAt ?? estimate) : null,
  };
}

/** The API object of API.md section 5, fields in the contract's order. */
export const toTransaction = (record: TransactionRecord): Transaction => ({
  id: record.transactionId,
  customerId: record.customerId,
  type: record.type,
  status: record.status,
  requiresUiAction: requiresUiAction(record.status),
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
  completedAt: record.completedAt,
  reference: record.reference,
  sourceCurrency: record.sourceCurrency,
  targetCurrency: record.targetCurrency,
  sourceAmount: record.sourceAmount,
  targetAmount: record.targetAmount,
  exchangeRate: record.exchangeRate,
  fee: record.fee,
  paymentRail: railOf(record.withdrawalBank),
  ...railFields(record),
  withdrawalBank: record.withdrawalBank && {
    id: record.withdrawalBank.id,
    beneficiaryName: record.withdrawalBank.beneficiaryName,
    currency: record.withdrawalBank.currency,
    iban: record.withdrawalBank.iban,
    bic: record.withdrawalBank.bic,
    accountNumber: record.withdrawalBank.accountNumber,
    routingNumber: record.withdrawalBank.routingNumber,
  },
  depositInstructions: record.depositInstructions,
  walletAddress: record.walletAddress,
  developerFee: record.developerFee,
  txHash: record.txHash,
  failureReason: record.failureReason,
  returnedAt: record.returnedAt ?? null,
});

const eventData = (record: TransactionRecord) => ({
  transaction_id: record.transactionId,
  customer_id: record.customerId,
  status: record.status,
});

export const createdEvent = (record: TransactionRecord, now: Date): EventRecord =>
  eventRecord({
    organizationId: record.organizationId,
    type: record.type === 'WITHDRAWAL' ? 'withdrawal.created' : 'deposit.created',
    data: eventData(record),
    now,
  });

/**
 * A transaction's status change: a withdrawal's as its transition names it (`TRANSITIONS`, lifecycle.ts), an on-ramp
 * deposit's when the treasury send paying it out is mined (shared/treasury) or the bank reverses the credit it was
 * made of (shared/bank-credits).
 */
export const statusChangedEvent = (
  previous: TransactionRecord,
  next: TransactionRecord,
  type: WithdrawalTransition['event'] | 'deposit.status_changed',
  now: Date,
): EventRecord =>
  eventRecord({
    organizationId: next.organizationId,
    type,
    data: {
      ...eventData(next),
      previous_status: previous.status,
      ...(next.status === 'FAILED' && next.failureReason ? { failure_reason: next.failureReason } : {}),
    },
    now,
  });

/** Amounts compare by value: `10.5` and `10.50` are the same request. */
const canonicalAmount = (amount: string | undefined) => (amount === undefined ? null : decimalValue(amount));

/** SHA-256 of the parameters that define a create; an idempotency key is bound to exactly these. */
export function requestHash(input: {
  customerId: string;
  withdrawalBankId: string;
  sourceAmount?: string | undefined;
  targetAmount?: string | undefined;
  instant?: boolean | undefined;
}): string {
  return sha256Hex(
    JSON.stringify({
      customerId: input.customerId,
      withdrawalBankId: input.withdrawalBankId,
      sourceAmount: canonicalAmount(input.sourceAmount),
      targetAmount: canonicalAmount(input.targetAmount),
      // Only when asked, so the keys of requests from before instant payouts keep their hash.
      ...(input.instant ? { instant: true } : {}),
    }),
  );
}

export const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000).toISOString();
