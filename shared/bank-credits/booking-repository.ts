import { type BankCreditRecord, parseBankCredit } from '#shared/bank-credits/records.ts';
import type { Db } from '#shared/db/client.ts';
import type { GuardedItem, TransactItem } from '#shared/db/guarded-write.ts';
import { readItem, readManyItems } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { type Page, queryListPage } from '#shared/db/pagination.ts';

/** The bookings of money paid in (`records.ts`): written once each, listed while in suspense or awaiting a send. */

/** The item of a booking with the list entries its state puts it on (and no other). */
function bookingItem(record: BankCreditRecord) {
  return {
    ...keys.booking(record.bookingId),
    ...(record.status === 'SUSPENSE'
      ? {
          ...keys.suspenseEntry(record.queue, record.bookedAt, record.bookingId),
          // Waiting since its report came (`shared/waiting/`): a credit applied days after booking is not late yet.
          ...keys.waitingEntry('SUSPENSE', record.receivedAt, record.bookingId),
        }
      : {}),
    ...(record.onward === 'AWAITING_SEND' ? keys.awaitingSendEntry(record.bookedAt, record.bookingId) : {}),
    entity: 'BANKCREDIT',
    ...record,
  };
}

export const bookingWrites = {
  /** The first report of a booking writes it; any later one finds it (`booking` guard) and changes nothing. */
  insert: (db: Db, record: BankCreditRecord): GuardedItem<'booking'> => ({
    role: 'booking',
    item: {
      Put: {
        TableName: db.tableName,
        Item: bookingItem(record),
        // A booking is applied once, whatever the number of reports (or readers) that repeat it.
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  }),
  /** A booking moved on from the state it was read in; a concurrent change of it loses here. */
  replace: (db: Db, current: BankCreditRecord, next: BankCreditRecord): TransactItem => ({
    Put: {
      TableName: db.tableName,
      Item: bookingItem(next),
      // Only the booking as read (status and version) moves on: of two people deciding, one wins.
      ConditionExpression: '#status = :status AND #version = :version',
      ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
      ExpressionAttributeValues: { ':status': current.status, ':version': current.version },
    },
  }),
};

export const getBooking = (db: Db, bookingId: string) => readItem(db, keys.booking(bookingId), parseBankCredit);

/** The bookings already stored among `bookingIds` (BatchGetItems of 100, a statement's 10,000 in 100 reads). */
export async function storedBookings(db: Db, bookingIds: readonly string[]): Promise<Map<string, BankCreditRecord>> {
  const stored = await readManyItems(db, bookingIds, keys.booking, parseBankCredit);
  return new Map([...stored.values()].map((record) => [record.bookingId, record]));
}

/** A suspense queue, newest booking first. */
export function listSuspense(
  db: Db,
  queue: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<BankCreditRecord>> {
  return queryListPage(db, { partition: keys.suspenseOf(queue).gsi1pk, ...page, parse: parseBankCredit });
}

/** Deposits made of bank credits whose USDC may still have to be sent on to a destination wallet. */
export function listAwaitingSend(db: Db, page: { limit: number; cursor?: string | undefined }) {
  return queryListPage(db, {
    index: 'gsi3',
    partition: keys.awaitingSend().gsi3pk,
    ...page,
    parse: parseBankCredit,
  });
}
