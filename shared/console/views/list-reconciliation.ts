import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import { customerNames } from '#shared/console/common/customer-names.ts';
import type {
  Movement,
  MovementEffect,
  Reconciliation,
  ReconciliationTotalSchema,
} from '#shared/console/views/reconciliation-view-schemas.ts';
import { bookingDateOf, payoutRailOf, transactionsByIds } from '#shared/console/views/transaction-rows.ts';
import type { Deps } from '#shared/deps.ts';
import { formatMicro, toMicro } from '#shared/money/micro.ts';
import { type BankReportOutcome, listReportOutcomes } from '#shared/payouts/report-outcomes.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import { listTransactionsOfOrganization } from '#shared/transactions/transaction-repository.ts';
import type * as z from '#shared/validation/zod.ts';

/** Payouts awaiting a report listed at most; more is an operator's matter (the Home's "processing too long"). */
const AWAITING_LIMIT = 200;
/** The bounds of a period open at one end: every ISO instant sorts between them. */
const OPEN_START = '0';
const OPEN_END = '~';

/** A recorded fact's effect as a movement: a fact applied before is the same report again, not money. */
const MOVEMENT_OF: Record<NonNullable<BankReportOutcome['facts'][number]['effect']>, MovementEffect> = {
  completed: 'booked',
  returned: 'returned',
  failed: 'rejected',
  skipped: 'duplicate',
};
const MOVES_MONEY: Record<MovementEffect, boolean> = {
  booked: true,
  returned: true,
  rejected: false,
  duplicate: false,
};

type Filters = { effect?: MovementEffect | undefined; reference?: string | undefined };
type Total = z.infer<typeof ReconciliationTotalSchema>;

/**
 * Facts that move the same payout the same way again are the same movement reported again: the transitions book,
 * return or reject a payout once. Such a fact is a duplicate even when its report applied it: two readers of one
 * report at once (the inbox worker and a sandbox route) both record it as applied. The first received is the money.
 */
function markRepeats<T extends { fact: { transactionId: string | null }; effect: MovementEffect }>(newestFirst: T[]) {
  const seen = new Set<string>();
  const oldestFirst = [...newestFirst].reverse().map((row) => {
    if (row.effect === 'duplicate' || !row.fact.transactionId) return row;
    const movement = `${row.fact.transactionId}:${row.effect}`;
    if (!seen.has(movement)) {
      seen.add(movement);
      return row;
    }
    return { ...row, effect: 'duplicate' as const };
  });
  return oldestFirst.reverse();
}

/** The rows of the applied reports: one per fact, with the payout's figures as they stand. */
async function movementsOf(deps: Deps, organizationId: string, reports: BankReportOutcome[], filters: Filters) {
  const needle = filters.reference?.trim().toUpperCase();
  const facts = markRepeats(
    reports.flatMap((report) =>
      report.facts.flatMap((fact) =>
        // An applied report's every fact has its effect (recorded as it was planned).
        fact.effect && (!needle || fact.reference.toUpperCase().includes(needle))
          ? [{ report, fact, effect: MOVEMENT_OF[fact.effect] }]
          : [],
      ),
    ),
  ).filter(({ effect }) => !filters.effect || effect === filters.effect);
  const records = await transactionsByIds(
    deps.db,
    organizationId,
    facts.flatMap(({ fact }) => (fact.transactionId ? [fact.transactionId] : [])),
  );
  const names = await customerNames(deps.db, organizationId, [...records.values()]);
  return facts.map(({ report, fact, effect }): Movement => {
    const record: TransactionRecord | undefined = fact.transactionId ? records.get(fact.transactionId) : undefined;
    return {
      reportId: report.reportId,
      reportName: report.name,
      reportKind: report.kind,
      receivedAt: report.receivedAt,
      reference: fact.reference,
      transactionId: fact.transactionId,
      customerName: record ? (names.get(record.customerId) ?? null) : null,
      effect,
      moneyMoved: MOVES_MONEY[effect],
      amount: record?.targetAmount ?? null,
      currency: record?.targetCurrency ?? null,
      usdc: record?.sourceAmount ?? null,
      rail: record ? (payoutRailOf(record)?.rail ?? null) : null,
      bookingDate: record ? bookingDateOf(record) : null,
    };
  });
}

/** Per currency, what the rows moved: bookings out, returns back, their difference, and the rejections beside. */
function totalsOf(movements: Movement[]): Total[] {
  const sums = new Map<string, Record<'booked' | 'returned' | 'rejected', { count: number; micro: bigint }>>();
  for (const movement of movements) {
    const { effect, currency, amount } = movement;
    if (effect === 'duplicate' || !currency || !amount) continue;
    const sum = sums.get(currency) ?? {
      booked: { count: 0, micro: 0n },
      returned: { count: 0, micro: 0n },
      rejected: { count: 0, micro: 0n },
    };
    sum[effect].count += 1;
    sum[effect].micro += toMicro(amount);
    sums.set(currency, sum);
  }
  const shown = ({ count, micro }: { count: number; micro: bigint }) => ({ count, amount: formatMicro(micro) });
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, sum]) => ({
      currency,
      booked: shown(sum.booked),
      returned: shown(sum.returned),
      net: formatMicro(sum.booked.micro - sum.returned.micro),
      rejected: shown(sum.rejected),
    }));
}

/**
 * The organization's bank reports received in a period (or ever), newest first and paged by report: each fact of
 * the applied ones as a row (a booking, a return, a rejection, or a duplicate of one already applied, which moved
 * nothing) with the payout's amount, customer, rail and booking date; their totals per currency; the quarantined
 * reports with the reason; and the payouts that left in a payment file and still wait for a report.
 */
export async function listReconciliation(
  deps: Deps,
  actor: ConsoleActor,
  query: Filters & { limit: number; cursor?: string | undefined; from?: string | undefined; to?: string | undefined },
): Promise<Reconciliation> {
  const organizationId = actor.organization.organizationId;
  const { from, to, limit, cursor } = query;
  const [reports, processing] = await Promise.all([
    listReportOutcomes(deps.db, organizationId, {
      limit,
      cursor,
      receivedBetween: from || to ? { from: from ?? OPEN_START, to: to ?? OPEN_END } : undefined,
    }),
    listTransactionsOfOrganization(deps.db, organizationId, {
      limit: AWAITING_LIMIT,
      status: 'PROCESSING',
      matches: (record) => Boolean(record.paymentFileId),
    }),
  ]);
  const applied = reports.items.filter((report) => report.outcome === 'applied');
  const [movements, names] = await Promise.all([
    movementsOf(deps, organizationId, applied, query),
    customerNames(deps.db, organizationId, processing.items),
  ]);
  const needle = query.reference?.trim().toUpperCase();
  const quarantined = query.effect
    ? []
    : reports.items.filter(
        (report) =>
          report.outcome === 'quarantined' &&
          (!needle || report.facts.some((fact) => fact.reference.toUpperCase().includes(needle))),
      );
  return {
    movements,
    totals: totalsOf(movements),
    duplicates: movements.filter((movement) => movement.effect === 'duplicate').length,
    quarantined: quarantined.map(({ organizationId: _org, ...report }) => report),
    nextCursor: reports.nextCursor ?? null,
    awaitingReport: processing.items.map((record) => ({
      id: record.transactionId,
      reference: record.reference ?? null,
      customerName: names.get(record.customerId) ?? null,
      amount: record.targetAmount,
      currency: record.targetCurrency,
      paymentFileId: record.paymentFileId ?? '',
      createdAt: record.createdAt,
    })),
  };
}
