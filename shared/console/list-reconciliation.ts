import type { ConsoleActor } from '#shared/console/console-rules.ts';
import type { Reconciliation } from '#shared/console/reconciliation-view-schemas.ts';
import { customerNames } from '#shared/console/transaction-rows.ts';
import type { Deps } from '#shared/deps.ts';
import { listReportOutcomes } from '#shared/payouts/report-outcomes.ts';
import { listTransactionsOfOrganization } from '#shared/transactions/transaction-repository.ts';

/** Payouts awaiting a report listed at most; more is an operator's matter (the Home's "processing too long"). */
const AWAITING_LIMIT = 200;

/**
 * The organization's bank reports, newest first and paged (each fact with what it did, or the quarantine's reason),
 * and the payouts that left in a payment file and are still PROCESSING: the bank has not reported on them yet.
 */
export async function listReconciliation(
  deps: Deps,
  actor: ConsoleActor,
  query: { limit: number; cursor?: string | undefined },
): Promise<Reconciliation> {
  const organizationId = actor.organization.organizationId;
  const [reports, processing] = await Promise.all([
    listReportOutcomes(deps.db, organizationId, query),
    listTransactionsOfOrganization(deps.db, organizationId, {
      limit: AWAITING_LIMIT,
      status: 'PROCESSING',
      matches: (record) => Boolean(record.paymentFileId),
    }),
  ]);
  const names = await customerNames(deps.db, organizationId, processing.items);
  return {
    reports: reports.items.map(({ organizationId: _org, ...report }) => report),
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
