import { Decimal } from 'decimal.js';
import type { BankCreditRecord } from '#shared/bank-credits/records.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { depositLedger } from '#shared/ledger/balance-repository.ts';
import { formatUsdc } from '#shared/money/format.ts';
import { depositDeveloperFee } from '#shared/quotes/deposit-fee.ts';
import type { DepositQuote } from '#shared/quotes/quote-deposit.ts';
import {
  createdEvent,
  developerFeeOf,
  newTransactionRecord,
  REFERENCE_ALPHABET,
} from '#shared/transactions/new-transaction.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import type { DepositInstructions } from '#shared/transactions/schemas.ts';
import { transactionWrites } from '#shared/transactions/transaction-repository.ts';

/**
 * The COMPLETED `DEPOSIT` a bank credit becomes: `sourceAmount` the money paid in (its currency), `targetAmount` the
 * USDC it bought at the quote, less which the customer's developer fee is credited (as every deposit keeps it), and
 * Compose's `depositInstructions`. Written with the booking, its balance credit and `deposit.created` in one
 * transaction.
 */
/** Crockford's base32 characters of a booking id's 128 bits. */
const BOOKING_REFERENCE_LENGTH = 26;

/**
 * The reference of the DEPOSIT a booking becomes: `DP-` and the booking's id (`bookingIdOf`, 128 bits) in Crockford's
 * base32. Unique as the booking is (its item is written once, in the deposit's own transaction), and never one of the
 * drawn `DP-XXXX-XXXX`, so it needs no reference item of its own: one item fewer for every credit of a statement.
 */
export function bookingReference(bookingId: string): string {
  if (!/^[0-9a-f]{32}$/.test(bookingId)) throw new Error(`${bookingId} is not a booking id`);
  let value = BigInt(`0x${bookingId}`);
  let text = '';
  for (let n = 0; n < BOOKING_REFERENCE_LENGTH; n++) {
    text = `${REFERENCE_ALPHABET[Number(value & 31n)]}${text}`;
    value >>= 5n;
  }
  return `DP-${text}`;
}

export function depositOfCredit(
  input: {
    bookingId: string;
    organizationId: string;
    customerId: string;
    currency: 'EUR' | 'USD';
    quote: DepositQuote;
    instructions: DepositInstructions;
    developerSpreadFeeBps: number;
  },
  now: Date,
): TransactionRecord {
  const { quote } = input;
  // The quote answers what is credited; the deposit records what was bought, the developer fee taken from it.
  const bought = formatUsdc(new Decimal(quote.targetAmount).plus(quote.developerFee ?? '0'));
  const record = newTransactionRecord(
    {
      organizationId: input.organizationId,
      customerId: input.customerId,
      depositInstructions: input.instructions,
      developerFee: developerFeeOf(
        input.developerSpreadFeeBps,
        depositDeveloperFee(bought, input.developerSpreadFeeBps),
      ),
      type: 'DEPOSIT',
      status: 'COMPLETED',
      completedAt: now.toISOString(),
      targetCurrency: 'USDC',
      sourceAmount: quote.sourceAmount,
      targetAmount: bought,
      exchangeRate: quote.exchangeRate,
      fee: '0.00',
      withdrawalBank: null,
      idempotencyKey: null,
      reservation: { balance: false, allowancePeriodStart: null },
      expiryDueAt: null,
      settleDueAt: null,
    },
    now,
  );
  return { ...record, reference: bookingReference(input.bookingId), sourceCurrency: input.currency };
}

/**
 * The deposit's own items: the transaction, its pointer, the event (its ledger apart); its reference is the booking's
 * (`bookingReference`), guarded by the booking's item.
 */
export function depositOwnItems(deps: Deps, record: TransactionRecord, now: Date): GuardedItem<string>[] {
  return [
    { role: 'transaction', item: transactionWrites.insert(deps.db, record) },
    { role: 'pointer', item: transactionWrites.pointer(deps.db, record) },
    { role: 'event', item: transactionWrites.event(deps.db, createdEvent(record, now)) },
  ];
}

/** The deposit's items: its own and its balance credit (with the developer fee the organization earns). */
export function depositItems(deps: Deps, record: TransactionRecord, now: Date): GuardedItem<string>[] {
  return [...depositOwnItems(deps, record, now), ...depositLedger(deps.db, record, now.toISOString())];
}

/** The booking credited to its customer as `record`; awaiting an onward send when it has a destination wallet. */
export const creditedBooking = (
  booking: BankCreditRecord,
  record: TransactionRecord,
  hasDestinationWallet: boolean,
): BankCreditRecord => ({
  ...booking,
  organizationId: record.organizationId,
  customerId: record.customerId,
  transactionId: record.transactionId,
  onward: hasDestinationWallet ? 'AWAITING_SEND' : null,
});
