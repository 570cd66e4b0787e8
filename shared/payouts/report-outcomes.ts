import type { Db } from '#shared/db/client.ts';
import { writeGuarded } from '#shared/db/guarded-write.ts';
import { keys } from '#shared/db/keys.ts';
import { queryListPage } from '#shared/db/pagination.ts';
import { TABLE } from '#shared/db/table.ts';
import type { Deps } from '#shared/deps.ts';
import { newId } from '#shared/ids.ts';
import { findByReference } from '#shared/payouts/payment-file-repository.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * Each bank report's outcome, kept per organization it concerns (the payouts it names say which), so the console's
 * reconciliation view shows an organization its reports and nothing of another's. A report naming no known payout
 * (or one unreadable before any payout could be named) concerns no organization: only the operator sees it, in the
 * channel's quarantine.
 */

export const FACT_EFFECTS = ['completed', 'failed', 'returned', 'skipped'] as const;

export const ReportFactOutcomeSchema = z.strictObject({
  reference: z.string(),
  transactionId: z.nullable(z.string()),
  /** What the fact did; null when the report was quarantined (nothing of it applied). */
  effect: z.nullable(z.enum(FACT_EFFECTS)),
});

export const BankReportOutcomeSchema = z.strictObject({
  reportId: z.string(),
  organizationId: z.string(),
  name: z.string(),
  kind: z.string(),
  receivedAt: z.string(),
  outcome: z.enum(['applied', 'quarantined']),
  quarantineReason: z.nullable(z.string()),
  facts: z.array(ReportFactOutcomeSchema),
});
export type BankReportOutcome = z.infer<typeof BankReportOutcomeSchema>;

/** What one run learnt of a report, filled in as it is read: the kind once parsed, each fact once planned. */
export type ReportTrace = {
  kind?: string;
  references?: string[];
  effects?: Map<string, ReportFactOutcome['effect']>;
};
type ReportFactOutcome = z.infer<typeof ReportFactOutcomeSchema>;

/** A transaction holds at most 100 items. */
const TRANSACTION_ITEMS = 100;

/** Writes the report's outcome once for each organization whose payouts it names. */
export async function recordReportOutcome(
  deps: Deps,
  report: { name: string; trace: ReportTrace; quarantineReason: string | null },
) {
  const { trace } = report;
  const references = [...new Set(trace.references ?? [])];
  const byOrganization = new Map<string, ReportFactOutcome[]>();
  for (const reference of references) {
    const locator = await findByReference(deps.db, reference);
    if (!locator) continue;
    const facts = byOrganization.get(locator.organizationId) ?? [];
    facts.push({
      reference,
      transactionId: locator.transactionId,
      effect: report.quarantineReason ? null : (trace.effects?.get(reference) ?? null),
    });
    byOrganization.set(locator.organizationId, facts);
  }
  const receivedAt = deps.clock.now().toISOString();
  const reportId = newId();
  const items = [...byOrganization].map(([organizationId, facts]) => {
    const outcome: BankReportOutcome = {
      reportId,
      organizationId,
      name: report.name,
      kind: trace.kind ?? 'unknown',
      receivedAt,
      outcome: report.quarantineReason ? 'quarantined' : 'applied',
      quarantineReason: report.quarantineReason,
      facts,
    };
    const key = keys.bankReportOutcome(organizationId, receivedAt, reportId);
    return {
      role: 'bankReportOutcome' as const,
      item: {
        Put: {
          TableName: deps.db.tableName,
          Item: { ...key, entity: 'BANKREPORT', ...outcome },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    };
  });
  for (let start = 0; start < items.length; start += TRANSACTION_ITEMS) {
    await writeGuarded(deps.db, items.slice(start, start + TRANSACTION_ITEMS));
  }
}

const parseOutcome = (item: Record<string, unknown>) => {
  const { pk: _pk, sk: _sk, entity: _e, gsi1pk: _g, gsi1sk: _s, [TABLE.ttlAttribute]: _ttl, ...rest } = item;
  return BankReportOutcomeSchema.parse(rest);
};

/** An organization's report outcomes, newest first, paged; optionally those received in `[from, to)`. */
export const listReportOutcomes = (
  db: Db,
  organizationId: string,
  page: {
    limit: number;
    cursor?: string | undefined;
    quarantinedOnly?: boolean;
    receivedBetween?: { from: string; to: string } | undefined;
  },
) =>
  queryListPage(db, {
    partition: keys.bankReportOutcomesOfOrganization(organizationId).gsi1pk,
    sortKeyRange: page.receivedBetween,
    limit: page.limit,
    cursor: page.cursor,
    parse: parseOutcome,
    filter: page.quarantinedOnly
      ? {
          expression: '#outcome = :quarantined',
          names: { '#outcome': 'outcome' },
          values: { ':quarantined': 'quarantined' },
        }
      : undefined,
  });

const EFFECT_OF_FACT = { complete: 'completed', fail: 'failed', return: 'returned' } as const;

/** What each planned fact does: its outcome, or `skipped` when it was applied before. */
export const traceEffects = (
  steps: { fact: { kind: keyof typeof EFFECT_OF_FACT; reference: string }; action: 'apply' | 'skip' }[],
) =>
  new Map<string, ReportFactOutcome['effect']>(
    steps.map(({ fact, action }) => [fact.reference, action === 'skip' ? 'skipped' : EFFECT_OF_FACT[fact.kind]]),
  );
