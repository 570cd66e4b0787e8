import { periodFields, periodInOrder } from '#shared/console/views/transaction-view-schemas.ts';
import { described } from '#shared/routing/prose.ts';
import { PaginationQuery } from '#shared/routing/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The reconciliation view (shared/console/README.md, "Views"): one row per fact of the bank's reports (what moved
 * money, and the duplicates that did not), their totals, the quarantined reports, and what awaits a report.
 */

/**
 * What a report's fact did: `booked` (the debit of a payout), `returned` (the credit of a payout the bank gave back),
 * `rejected` (a payout the bank refused before paying: nothing left the account) and `duplicate` (a fact already
 * applied from an earlier report: the same report again, no money moved).
 */
export const MOVEMENT_EFFECTS = ['booked', 'returned', 'rejected', 'duplicate'] as const;
export type MovementEffect = (typeof MOVEMENT_EFFECTS)[number];

export const ReconciliationQuery = z
  .strictObject({
    ...PaginationQuery,
    ...periodFields(),
    effect: z.optional(
      z.pipe(
        z.pipe(
          z.string(),
          z.transform((value) => value.toLowerCase()),
        ),
        z.enum(MOVEMENT_EFFECTS),
      ),
    ),
    reference: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  })
  .check(periodInOrder);

const ReportFact = z.object({
  reference: z.string(),
  transactionId: z.nullable(z.string()),
  effect: z.nullable(z.enum(['completed', 'failed', 'returned', 'skipped'])),
});

/** A report as recorded: the Home's quarantined reports and the view's `quarantined`. */
export const ReconciliationReportSchema = z.object({
  reportId: z.string(),
  name: z.string(),
  kind: z.string(),
  receivedAt: z.string(),
  outcome: z.enum(['applied', 'quarantined']),
  quarantineReason: z.nullable(z.string()),
  facts: z.array(ReportFact),
});

export const MovementSchema = z.object({
  reportId: z.string(),
  reportName: z.string(),
  reportKind: z.string(),
  receivedAt: z.string(),
  reference: z.string(),
  transactionId: z.nullable(z.string()),
  customerName: z.nullable(z.string()),
  effect: z.enum(MOVEMENT_EFFECTS),
  moneyMoved: z.boolean(),
  amount: z.nullable(z.string()),
  currency: z.nullable(z.string()),
  usdc: z.nullable(z.string()),
  rail: z.nullable(z.string()),
  bookingDate: z.nullable(z.string()),
});

const Sum = z.object({ count: z.number().check(z.int()), amount: z.string() });

export const ReconciliationTotalSchema = z.object({
  currency: z.string(),
  booked: Sum,
  returned: Sum,
  net: z.string(),
  rejected: described(Sum),
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
  movements: z.array(MovementSchema),
  totals: z.array(ReconciliationTotalSchema),
  duplicates: z.number().check(z.int()),
  quarantined: z.array(ReconciliationReportSchema),
  nextCursor: z.nullable(z.string()),
  awaitingReport: z.array(AwaitingReportSchema),
});
export type Reconciliation = z.infer<typeof ReconciliationSchema>;
export type Movement = z.infer<typeof MovementSchema>;
