import { PaginationQuery } from '#shared/routing/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/** The reconciliation view (shared/console/README.md, "Views"): each bank report's facts, and what awaits one. */
export const ReconciliationQuery = z.strictObject({ ...PaginationQuery });

const ReportFact = z.object({
  reference: z.string(),
  transactionId: z.nullable(z.string()),
  effect: z.nullable(z.enum(['completed', 'failed', 'returned', 'skipped'])),
});

export const ReconciliationReportSchema = z.object({
  reportId: z.string(),
  name: z.string(),
  kind: z.string(),
  receivedAt: z.string(),
  outcome: z.enum(['applied', 'quarantined']),
  quarantineReason: z.nullable(z.string()),
  facts: z.array(ReportFact),
});

export const AwaitingReportSchema = z.object({
  id: z.string(),
  reference: z.nullable(z.string()),
  customerName: z.nullable(z.string()),
  amount: z.string(),
  currency: z.string(),
  paymentFileId: z.string(),
  createdAt: z.string(),
});

export const ReconciliationSchema = z.object({
  reports: z.array(ReconciliationReportSchema),
  nextCursor: z.nullable(z.string()),
  awaitingReport: z.array(AwaitingReportSchema),
});
export type Reconciliation = z.infer<typeof ReconciliationSchema>;
