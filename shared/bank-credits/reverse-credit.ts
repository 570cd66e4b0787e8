import { Decimal } from 'decimal.js';
import { bookingWrites, getBooking } from '#shared/bank-credits/booking-repository.ts';
import { accountId, type CreditReversal } from '#shared/bank-credits/credits-of-report.ts';
import type { BankCreditRecord } from '#shared/bank-credits/records.ts';
import { retryOnConflict, WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { writeStatusChange } from '#shared/events/status-change.ts';
import { balanceWrites, developerFeeReversed, getBalance } from '#shared/ledger/balance-repository.ts';
import { log } from '#shared/log.ts';
import { countMetric } from '#shared/metrics.ts';
import { toMicro } from '#shared/money/micro.ts';
import { statusChangedEvent } from '#shared/transactions/new-transaction.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import { getTransactionOfCustomer, transactionWrites } from '#shared/transactions/transaction-repository.ts';

/**
 * The bank reversed a credit it had booked (`RvslInd`): what the credit became is undone, once.
 *
 * - A DEPOSIT made of it (credited, or assigned from suspense) goes COMPLETED -> FAILED (`failureReason`
 *   `Reversed by the bank after booking`, `returnedAt`, `deposit.status_changed`) and the USDC it credited leaves the
 *   customer's available balance in the same transaction, with the developer fee it earned. If the customer has
 *   spent it meanwhile, the available balance goes below zero by the difference: the customer owes it, no
 *   withdrawal reserves anything until new money covers it, and `BankCreditReversedIntoDebt` alarms.
 * - A credit still in suspense leaves the queue: nothing was credited.
 * - A reversal of a credit never reported is recorded as that booking, REVERSED, so its credit is never applied.
 */

export const REVERSAL_REASON = 'Reversed by the bank after booking';

/** The first thing a report's reversals contradict, checked before anything of the report is applied. */
export async function reversalsContradiction(deps: Deps, reversals: readonly CreditReversal[]) {
  for (const reversal of reversals) {
    const found = await reversalContradiction(deps, reversal);
    if (found) return found;
  }
  return undefined;
}

async function reversalContradiction(deps: Deps, reversal: CreditReversal): Promise<string | undefined> {
  const booking = await getBooking(deps.db, reversal.bookingId);
  if (!booking) return undefined;
  const what = `the reversal of ${reversal.bankReference}`;
  if (
    !new Decimal(booking.amount).equals(reversal.amount) ||
    (reversal.currency ?? booking.currency) !== booking.currency
  ) {
    return `${what} is ${reversal.amount} ${reversal.currency ?? ''}; the credit was ${booking.amount} ${booking.currency}`;
  }
  if (booking.status === 'SENT_BACK') return `${what}: the credit was already sent back to the payer`;
  return undefined;
}

const reversedBooking = (booking: BankCreditRecord, at: string): BankCreditRecord => ({
  ...booking,
  status: 'REVERSED',
  reversedAt: at,
  onward: booking.onward === 'AWAITING_SEND' ? null : booking.onward,
  version: booking.version + 1,
});

function unseenBooking(reversal: CreditReversal, messageId: string, at: string): BankCreditRecord {
  return {
    bookingId: reversal.bookingId,
    status: 'REVERSED',
    queue: '',
    organizationId: null,
    customerId: null,
    transactionId: null,
    account: accountId(reversal.account),
    bankReference: reversal.bankReference,
    amount: reversal.amount,
    currency: reversal.currency ?? '',
    bookedAt: reversal.bookedAt,
    remittance: [],
    payerName: null,
    payerAccount: null,
    payerBic: null,
    payerBankId: null,
    rail: null,
    reason: 'Reversed before its credit was reported',
    reportMessageId: messageId,
    receivedAt: at,
    resolution: null,
    sendBack: null,
    reversedAt: at,
    onward: null,
    version: 1,
  };
}

/** The deposit's reversal: FAILED, its credit taken back from the available balance (below zero if it must). */
async function reverseDeposit(deps: Deps, booking: BankCreditRecord, deposit: TransactionRecord, now: Date) {
  const at = now.toISOString();
  const credited = toMicro(deposit.targetAmount) - toMicro(deposit.developerFee?.amount ?? '0');
  const owner = { organizationId: deposit.organizationId, customerId: deposit.customerId };
  const next: TransactionRecord = {
    ...deposit,
    status: 'FAILED',
    failureReason: REVERSAL_REASON,
    returnedAt: at,
    updatedAt: at,
    version: deposit.version + 1,
  };
  await writeStatusChange(deps.db, {
    subject: transactionWrites.replace(deps.db, deposit, next),
    alongside: [
      { role: 'booking', item: bookingWrites.replace(deps.db, booking, reversedBooking(booking, at)) },
      { role: 'balance', item: balanceWrites.credit(deps.db, owner, -credited, at) },
      ...developerFeeReversed(deps.db, deposit, at),
    ],
    event: statusChangedEvent(deposit, next, 'deposit.status_changed', now),
    refused: () => undefined,
  });
  return credited;
}

/** Applies one reversal; false when it was applied before (the booking is REVERSED already). */
export async function reverseCredit(deps: Deps, reversal: CreditReversal, messageId: string): Promise<boolean> {
  return retryOnConflict(async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const now = deps.clock.now();
      const at = now.toISOString();
      const booking = await getBooking(deps.db, reversal.bookingId);
      try {
        if (!booking) {
          await writeGuarded(deps.db, [bookingWrites.insert(deps.db, unseenBooking(reversal, messageId, at))]);
          return true;
        }
        if (booking.status === 'REVERSED') return false;
        const deposit =
          booking.transactionId && booking.organizationId && booking.customerId
            ? await getTransactionOfCustomer(deps.db, booking.organizationId, booking.customerId, booking.transactionId)
            : undefined;
        if (!deposit) {
          await writeGuarded(deps.db, [
            { role: 'booking', item: bookingWrites.replace(deps.db, booking, reversedBooking(booking, at)) },
          ]);
          return true;
        }
        const credited = await reverseDeposit(deps, booking, deposit, now);
        await warnOfDebt(deps, deposit, credited);
        return true;
      } catch (error) {
        // The booking or its deposit changed under us (another reader of the report): decide again.
        if (!(error instanceof WriteConditionFailedError)) throw error;
      }
    }
    // Not the report's fault: it stays in the inbox and the next run applies what is left.
    throw new Error(`The reversal of ${reversal.bankReference} kept losing to concurrent changes`);
  });
}

/** A reversal that leaves the customer's available balance below zero is never silent. */
async function warnOfDebt(deps: Deps, deposit: TransactionRecord, credited: bigint) {
  const balance = await getBalance(deps.db, deposit.organizationId, deposit.customerId);
  if (balance.available < 0n) {
    countMetric('BankCreditReversedIntoDebt', {});
    log.error('a reversed bank credit left the customer owing', {
      organizationId: deposit.organizationId,
      customerId: deposit.customerId,
      transactionId: deposit.transactionId,
      reversedMicroUsdc: credited.toString(),
      availableMicroUsdc: balance.available.toString(),
    });
  }
}
