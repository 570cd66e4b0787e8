import { bookingWrites, getBooking } from '#shared/bank-credits/booking-repository.ts';
import { creditedBooking, depositItems, depositOfCredit } from '#shared/bank-credits/deposit-of-credit.ts';
import { creditLookups, ownerOf, quoteAtBooking } from '#shared/bank-credits/match-credit.ts';
import { type BankCreditRecord, PLATFORM_QUEUE } from '#shared/bank-credits/records.ts';
import { BANK_CREDIT_NOT_FOUND, NOT_CREDITABLE, NOT_IN_SUSPENSE } from '#shared/bank-credits/suspense-rules.ts';
import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { type Alongside, retryOnConflict, WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { SWIFT } from '#shared/rails/bank/rail.ts';
import { toTransaction } from '#shared/transactions/new-transaction.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';

/**
 * A person gives a credit waiting in suspense to a customer, with a reason: the booking becomes ASSIGNED and a
 * DEPOSIT is made of it at the on-ramp quote in force at booking, as if matched, in one transaction with the audit
 * entry (`alongside`). An organization's members decide on their organization's queue and customers; the operator
 * on any queue, the platform's included. Of two decisions on one credit one wins; the other is a 409.
 */
export type SuspenseDecisionInput = {
  bookingId: string;
  /** The queues the caller decides on: its organization's, or every one (the operator). */
  queue: string | 'ANY';
  /** `member:<email>` or `operator:<email>`. */
  by: string;
  reason: string;
};

/** The credit in suspense the caller may decide on; another queue's is a missing one. */
export async function suspenseCreditFor(deps: Deps, input: Pick<SuspenseDecisionInput, 'bookingId' | 'queue'>) {
  const booking = await getBooking(deps.db, input.bookingId);
  if (!booking || (input.queue !== 'ANY' && booking.queue !== input.queue)) throw BANK_CREDIT_NOT_FOUND.error();
  if (booking.status !== 'SUSPENSE') throw NOT_IN_SUSPENSE.error(booking.status);
  return booking;
}

export const resolved = (booking: BankCreditRecord, input: SuspenseDecisionInput, at: string): BankCreditRecord => ({
  ...booking,
  resolution: { by: input.by, reason: input.reason, at },
  version: booking.version + 1,
});

export async function assignSuspenseCredit(
  deps: Deps,
  input: SuspenseDecisionInput & { organizationId: string; customerId: string },
  audited?: Alongside,
): Promise<Transaction> {
  const booking = await suspenseCreditFor(deps, input);
  // An organization's members assign to their own customers only; a platform credit is the operator's to give.
  if (input.queue !== 'ANY' && (input.queue === PLATFORM_QUEUE || input.organizationId !== input.queue)) {
    throw CUSTOMER_NOT_FOUND.error();
  }
  const lookups = creditLookups(deps);
  const owner = await ownerOf(lookups, input.organizationId, input.customerId);
  if (!owner) throw CUSTOMER_NOT_FOUND.error();
  if (!owner.customer.enabled) throw NOT_CREDITABLE.error('The customer is disabled');
  if (owner.customer.kycStatus !== 'APPROVED') {
    throw NOT_CREDITABLE.error(`The customer's KYC is ${owner.customer.kycStatus}, not APPROVED`);
  }
  const quoted = await quoteAtBooking(deps, lookups, owner, booking);
  if ('reason' in quoted) throw NOT_CREDITABLE.error(quoted.reason);
  const wallet = await lookups.hasDestinationWallet(input.organizationId, input.customerId);
  return retryOnConflict(async () => {
    const now = deps.clock.now();
    const record = depositOfCredit(
      {
        bookingId: booking.bookingId,
        organizationId: input.organizationId,
        customerId: input.customerId,
        currency: booking.currency as 'EUR' | 'USD',
        quote: quoted.quote,
        instructions: {
          accountType: booking.rail === SWIFT ? 'virtualAccount' : 'sharedAccount',
          reference: owner.customer.depositReference,
        },
        developerSpreadFeeBps: owner.customer.developerSpreadFeeBps,
      },
      now,
    );
    const next: BankCreditRecord = {
      ...creditedBooking(resolved(booking, input, now.toISOString()), record, wallet),
      status: 'ASSIGNED',
    };
    try {
      await writeGuarded(deps.db, [
        { role: 'booking', item: bookingWrites.replace(deps.db, booking, next) },
        ...depositItems(deps, record, now),
        ...(audited?.(booking.bookingId, {
          reason: input.reason,
          bankReference: booking.bankReference,
          transactionId: record.transactionId,
        }) ?? []),
      ]);
      return toTransaction(record);
    } catch (error) {
      if (error instanceof WriteConditionFailedError && error.role === 'booking') {
        const now = await getBooking(deps.db, booking.bookingId);
        throw NOT_IN_SUSPENSE.error(now?.status ?? 'gone');
      }
      throw error;
    }
  });
}
