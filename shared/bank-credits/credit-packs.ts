import { bookingWrites, storedBookings } from '#shared/bank-credits/booking-repository.ts';
import type { IncomingCredit } from '#shared/bank-credits/credits-of-report.ts';
import { creditedBooking, depositOfCredit, depositOwnItems } from '#shared/bank-credits/deposit-of-credit.ts';
import type { Decision } from '#shared/bank-credits/match-credit.ts';
import type { BankCreditRecord } from '#shared/bank-credits/records.ts';
import {
  type GuardedItem,
  retryOnConflict,
  WriteConditionFailedError,
  writeGuarded,
} from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { depositsLedger } from '#shared/ledger/balance-repository.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';

/**
 * How a report's decided credits are written: many to one TransactWriteItems (a pack), each booking with its
 * `attribute_not_exists` guard, so a pack is written whole or not at all and a booking is applied once. A statement
 * of 10,000 credits is a few hundred transactions, not 10,000: a write's time goes to its request more than to its
 * items. A transaction may touch an item once, so a pack credits each customer the sum of its credits and each
 * organization its fees in one item each (`depositsLedger`).
 */

/** A credit as matched, with the booking it writes (`bookingOf`). */
export type DecidedCredit = {
  credit: IncomingCredit;
  decision: Decision;
  booking: BankCreditRecord;
  /** The customer has a destination wallet: the booking awaits an onward send. */
  wallet: boolean;
};

/** How many packs of one report are written at once, each lane's customers its own (`lanesOf`). */
export const CREDIT_LANES = 4;

/** DynamoDB's limit of items in one transaction. */
const MAX_ITEMS = 100;
/** A credited booking writes itself and its deposit's own three items; its ledger is the pack's. */
const CREDITED_ITEMS = 4;

const ownerKey = ({ decision }: DecidedCredit) =>
  decision.kind === 'credit' ? `${decision.organization.organizationId}#${decision.customer.customerId}` : '';

/** A customer's credits next to each other, in booking order: packs and lanes cut between customers. */
export const byOwner = (credits: readonly DecidedCredit[]) =>
  [...credits].sort(
    (a, b) =>
      ownerKey(a).localeCompare(ownerKey(b)) ||
      a.credit.bookedAt.localeCompare(b.credit.bookedAt) ||
      a.credit.bookingId.localeCompare(b.credit.bookingId),
  );

/**
 * `lanes` runs of credits that share no customer (cut only where the customer changes), to be written side by
 * side: two packs of one customer at once would conflict on its balance. Organizations' developer fees are one
 * item each, so lanes of one organization that earns fees may still conflict; the loser is retried.
 */
export function lanesOf(sorted: readonly DecidedCredit[], lanes: number): DecidedCredit[][] {
  const target = Math.ceil(sorted.length / lanes);
  const runs: DecidedCredit[][] = [];
  let run: DecidedCredit[] = [];
  for (const credit of sorted) {
    const last = run[run.length - 1];
    if (last && run.length >= target && ownerKey(last) !== ownerKey(credit)) {
      runs.push(run);
      run = [];
    }
    run.push(credit);
  }
  if (run.length) runs.push(run);
  return runs;
}

/** Consecutive credits in packs of at most 100 items, ledger items counted (one per customer, per organization). */
export function packsOf(sorted: readonly DecidedCredit[]): DecidedCredit[][] {
  const packs: DecidedCredit[][] = [];
  let pack: DecidedCredit[] = [];
  let items = 0;
  const owners = new Set<string>();
  const organizations = new Set<string>();
  const cost = (credit: DecidedCredit) => {
    if (credit.decision.kind !== 'credit') return 1;
    const organizationId = credit.decision.organization.organizationId;
    return CREDITED_ITEMS + (owners.has(ownerKey(credit)) ? 0 : 1) + (organizations.has(organizationId) ? 0 : 1);
  };
  for (const credit of sorted) {
    if (items + cost(credit) > MAX_ITEMS) {
      packs.push(pack);
      pack = [];
      items = 0;
      owners.clear();
      organizations.clear();
    }
    items += cost(credit);
    pack.push(credit);
    owners.add(ownerKey(credit));
    if (credit.decision.kind === 'credit') organizations.add(credit.decision.organization.organizationId);
  }
  if (pack.length) packs.push(pack);
  return packs;
}

/** A credit's items: its booking alone (suspense), or its booking and its DEPOSIT's own items. */
function itemsOf(deps: Deps, { credit, decision, booking, wallet }: DecidedCredit, at: Date) {
  if (decision.kind !== 'credit') return { items: [bookingWrites.insert(deps.db, booking)] as GuardedItem<string>[] };
  const record: TransactionRecord = depositOfCredit(
    {
      bookingId: credit.bookingId,
      organizationId: decision.organization.organizationId,
      customerId: decision.customer.customerId,
      currency: credit.currency as 'EUR' | 'USD',
      quote: decision.quote,
      instructions: decision.instructions,
      developerSpreadFeeBps: decision.customer.developerSpreadFeeBps,
    },
    at,
  );
  const items = [
    bookingWrites.insert(deps.db, creditedBooking(booking, record, wallet)),
    ...depositOwnItems(deps, record, at),
  ];
  return { items, record };
}

/**
 * Writes a pack; answers the credits it wrote. A booking another report or reader wrote meanwhile fails the whole
 * transaction: the bookings now stored are left out and the rest written again; a conflict with a concurrent
 * transaction waits and tries again.
 */
export async function writePack(deps: Deps, pack: readonly DecidedCredit[]): Promise<DecidedCredit[]> {
  let remaining = [...pack];
  let refusals = 0;
  return retryOnConflict(async () => {
    for (;;) {
      if (remaining.length === 0) return [];
      const at = deps.clock.now();
      const built = remaining.map((credit) => itemsOf(deps, credit, at));
      const records = built.flatMap(({ record }) => (record ? [record] : []));
      try {
        await writeGuarded(deps.db, [
          ...built.flatMap(({ items }) => items),
          ...depositsLedger(deps.db, records, at.toISOString()),
        ]);
        return remaining;
      } catch (error) {
        if (!(error instanceof WriteConditionFailedError) || ++refusals > pack.length + 3) throw error;
        if (error.role !== 'booking') throw error;
        const stored = await storedBookings(
          deps.db,
          remaining.map(({ credit }) => credit.bookingId),
        );
        remaining = remaining.filter(({ credit }) => !stored.has(credit.bookingId));
      }
    }
  });
}
