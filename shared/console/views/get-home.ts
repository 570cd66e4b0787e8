import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import { customerNames } from '#shared/console/common/customer-names.ts';
import type { Home } from '#shared/console/views/home-view-schemas.ts';
import { payoutRailOf } from '#shared/console/views/transaction-rows.ts';
import type { Deps } from '#shared/deps.ts';
import { getOrganizationLedger } from '#shared/ledger/organization-ledger-repository.ts';
import { formatMicro, toMicro } from '#shared/money/micro.ts';
import { listReportOutcomes } from '#shared/payouts/report-outcomes.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import { TRANSACTION_STATUSES, type TransactionStatus } from '#shared/transactions/schemas.ts';
import {
  listAwaitingSignaturesOfOrganization,
  listTransactionsOfOrganization,
} from '#shared/transactions/transaction-repository.ts';

/** The days the home page looks back on (volumes, failures). */
export const HOME_DAYS = 14;
/** Transactions of those days read for the volumes; past it the chart says what it counted. */
const HOME_READ_LIMIT = 2000;
const LIST_LIMIT = 200;
const DAY_MS = 24 * 3600_000;
/** The withdrawals whose money went (or is going) to the bank: what the volumes count. */
const SENT: ReadonlySet<TransactionStatus> = new Set(['PROCESSING', 'COMPLETED']);

const line = (record: TransactionRecord, names: Map<string, string>) => ({
  id: record.transactionId,
  reference: record.reference,
  customerName: names.get(record.customerId) ?? null,
  amount: record.targetAmount,
  currency: record.targetCurrency,
  rail: payoutRailOf(record)?.rail ?? null,
  status: record.status,
  createdAt: record.createdAt,
  settlesBy: record.settleDueAt,
  reason: record.failureReason,
});

/**
 * The console's home for one organization: withdrawals awaiting signatures, payouts in flight by the rail their money
 * goes by (with when they should settle where the transaction says), failures of the last days with their reasons,
 * per UTC day the payouts sent to the bank and their USDC (and every withdrawal of the day by status), the
 * organization's own custodial balance and unclaimed fees, and payouts PROCESSING longer than the alarm allows.
 */
export async function getHome(deps: Deps, actor: ConsoleActor): Promise<Home> {
  const organizationId = actor.organization.organizationId;
  const now = deps.clock.now();
  const since = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (HOME_DAYS - 1) * DAY_MS,
  );
  const [awaiting, processing, recent, ledger, quarantined] = await Promise.all([
    listAwaitingSignaturesOfOrganization(deps.db, organizationId, LIST_LIMIT),
    listTransactionsOfOrganization(deps.db, organizationId, { limit: LIST_LIMIT, status: 'PROCESSING' }),
    listTransactionsOfOrganization(deps.db, organizationId, {
      limit: HOME_READ_LIMIT,
      type: 'WITHDRAWAL',
      createdBetween: { from: since.toISOString(), to: '~' },
    }),
    getOrganizationLedger(deps.db, organizationId),
    listReportOutcomes(deps.db, organizationId, { limit: LIST_LIMIT, quarantinedOnly: true }),
  ]);
  const failedRecords = recent.items.filter((record) => record.status === 'FAILED');
  const names = await customerNames(deps.db, organizationId, [...awaiting, ...processing.items, ...failedRecords]);

  const inFlight = new Map<string, TransactionRecord[]>();
  for (const record of [...processing.items].reverse()) {
    const rail = payoutRailOf(record)?.rail ?? 'On-chain';
    inFlight.set(rail, [...(inFlight.get(rail) ?? []), record]);
  }
  const alarmBefore = now.getTime() - deps.config.bank.processingAlarmSeconds * 1000;

  const volumes = Array.from({ length: HOME_DAYS }, (_, i) => ({
    day: new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10),
    withdrawals: 0,
    micro: 0n,
    byStatus: Object.fromEntries(TRANSACTION_STATUSES.map((status) => [status, 0])) as Record<
      TransactionStatus,
      number
    >,
  }));
  for (const record of recent.items) {
    const day = volumes.find((entry) => entry.day === record.createdAt.slice(0, 10));
    if (!day) continue;
    day.byStatus[record.status] += 1;
    if (!SENT.has(record.status)) continue;
    day.withdrawals += 1;
    day.micro += toMicro(record.sourceAmount);
  }

  return {
    awaitingApproval: { count: awaiting.length, items: awaiting.map((record) => line(record, names)) },
    inFlight: [...inFlight].map(([rail, records]) => ({
      rail,
      count: records.length,
      items: records.map((record) => line(record, names)),
    })),
    failed: failedRecords.map((record) => line(record, names)),
    volumes: volumes.map(({ day, withdrawals, micro, byStatus }) => ({
      day,
      withdrawals,
      usdc: formatMicro(micro),
      byStatus,
    })),
    days: HOME_DAYS,
    balances: {
      organizationUsdc: formatMicro(ledger.balance.available + ledger.balance.locked),
      unclaimedFeesUsdc: formatMicro(ledger.fees.unclaimed),
    },
    needsOperator: {
      processingTooLong: processing.items
        .filter((record) => new Date(record.createdAt).getTime() < alarmBefore)
        .map((record) => line(record, names)),
      quarantinedReports: quarantined.items.map(({ organizationId: _org, ...report }) => report),
    },
  };
}
