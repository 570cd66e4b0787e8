import { periodFields, periodInOrder } from '#shared/console/transaction-view-schemas.ts';
import { SEPA } from '#shared/rails/bank/rail.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
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
    ...periodFields('Reports received'),
    effect: z
      .optional(
        z.pipe(
          z.pipe(
            z.string(),
            z.transform((value) => value.toLowerCase()),
          ),
          z.enum(MOVEMENT_EFFECTS),
        ),
      )
      .check(docMeta(OPENAPI_PROSE && { description: 'Only rows with this effect (any letter case)' })),
    reference: z
      .optional(z.string().check(z.minLength(1), z.maxLength(64)))
      .check(docMeta(OPENAPI_PROSE && { description: 'Only references containing this text, any letter case' })),
  })
  .check(periodInOrder);

const ReportFact = z.object({
  reference: z.string(),
  transactionId: z.nullable(z.string()),
  effect: z.nullable(z.enum(['completed', 'failed', 'returned', 'skipped'])).check(
    docMeta(
      OPENAPI_PROSE && {
        description: 'What the fact did (`skipped`: applied before); null when the report was quarantined',
      },
    ),
  ),
});

/** A report as recorded: the Home's quarantined reports and the view's `quarantined`. */
export const ReconciliationReportSchema = z.object({
  reportId: z.string(),
  name: z.string().check(docMeta(OPENAPI_PROSE && { description: "The report's file name in the bank channel" })),
  kind: z.string().check(docMeta(OPENAPI_PROSE && { description: '`pain.002`, `camt.054` or `nacha`' })),
  receivedAt: z.string(),
  outcome: z.enum(['applied', 'quarantined']),
  quarantineReason: z.nullable(z.string()),
  facts: z.array(ReportFact),
});

export const MovementSchema = z.object({
  reportId: z.string(),
  reportName: z.string().check(docMeta(OPENAPI_PROSE && { description: "The report's file name in the bank channel" })),
  reportKind: z.string(),
  receivedAt: z.string(),
  reference: z.string(),
  transactionId: z.nullable(z.string()),
  customerName: z.nullable(z.string()),
  effect: z.enum(MOVEMENT_EFFECTS),
  moneyMoved: z.boolean().check(
    docMeta(
      OPENAPI_PROSE && {
        description: 'true: the bank account moved (a booking or a return); false: a rejection or a duplicate',
      },
    ),
  ),
  amount: z
    .nullable(z.string())
    .check(docMeta(OPENAPI_PROSE && { description: "The payout's amount as the bank moves it (in `currency`)" })),
  currency: z.nullable(z.string()),
  usdc: z
    .nullable(z.string())
    .check(docMeta(OPENAPI_PROSE && { description: "The USDC it took from (or gave back to) the customer's balance" })),
  rail: z.nullable(z.string()).check(docMeta(OPENAPI_PROSE && { description: 'The rail the payout went by' })),
  bookingDate: z
    .nullable(z.string())
    .check(docMeta(OPENAPI_PROSE && { description: "The bank's booking date of the payout's debit (UTC day)" })),
});

const Sum = z.object({ count: z.number().check(z.int()), amount: z.string() });

export const ReconciliationTotalSchema = z.object({
  currency: z.string(),
  booked: Sum,
  returned: Sum,
  net: z.string().check(docMeta(OPENAPI_PROSE && { description: 'booked - returned: what left the account' })),
  rejected: Sum.check(docMeta(OPENAPI_PROSE && { description: 'Refused before paying: never left the account' })),
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

const MOVEMENT_EXAMPLE = {
  reportId: '0b9d7a52-3f0e-4a51-9c1e-6f2d8b7e1a40',
  reportName: 'camt054-20261126-0001.xml',
  reportKind: 'camt.054',
  receivedAt: '2026-11-26T10:02:11.000Z',
  reference: 'WD-7K3M-9QX2',
  transactionId: '6f1c2a9e-8d3b-4c5a-9e7f-1a2b3c4d5e6f',
  customerName: 'Ada Lovelace',
  effect: 'booked',
  moneyMoved: true,
  amount: '91.08',
  currency: 'EUR',
  usdc: '100.00',
  rail: SEPA,
  bookingDate: '2026-11-26',
} as const;

export const ReconciliationSchema = z
  .object({
    movements: z.array(MovementSchema).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            "One row per fact of the page's applied reports, newest report first: each booking, return and " +
            'rejection once, and a fact reported again as `duplicate` (no money moved, in no total)',
        },
      ),
    ),
    totals: z
      .array(ReconciliationTotalSchema)
      .check(docMeta(OPENAPI_PROSE && { description: 'Per currency, the rows of this page that moved money' })),
    duplicates: z
      .number()
      .check(z.int(), docMeta(OPENAPI_PROSE && { description: 'Rows of this page that are duplicates' })),
    quarantined: z
      .array(ReconciliationReportSchema)
      .check(
        docMeta(OPENAPI_PROSE && { description: "The page's reports quarantined whole: nothing of them applied" }),
      ),
    nextCursor: z.nullable(z.string()),
    awaitingReport: z
      .array(AwaitingReportSchema)
      .check(
        docMeta(
          OPENAPI_PROSE && { description: 'Payouts PROCESSING in a payment file the bank has not reported on yet' },
        ),
      ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleReconciliation',
        examples: [
          {
            movements: [
              {
                ...MOVEMENT_EXAMPLE,
                reportId: '7c2e4b19-5a3d-4f60-8e1b-2d9c0a7f4e31',
                reportName: 'camt054-20261126-0001-again.xml',
                receivedAt: '2026-11-26T10:07:40.000Z',
                effect: 'duplicate',
                moneyMoved: false,
              },
              MOVEMENT_EXAMPLE,
            ],
            totals: [
              {
                currency: 'EUR',
                booked: { count: 1, amount: '91.08' },
                returned: { count: 0, amount: '0.00' },
                net: '91.08',
                rejected: { count: 0, amount: '0.00' },
              },
            ],
            duplicates: 1,
            quarantined: [],
            nextCursor: null,
            awaitingReport: [],
          },
        ],
      },
    ),
  );
export type Reconciliation = z.infer<typeof ReconciliationSchema>;
export type Movement = z.infer<typeof MovementSchema>;
