import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import { PaginationQuery } from '#shared/routing/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/** The reconciliation view (shared/console/README.md, "Views"): each bank report's facts, and what awaits one. */
export const ReconciliationQuery = z.strictObject({ ...PaginationQuery });

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

export const ReconciliationReportSchema = z.object({
  reportId: z.string(),
  name: z.string().check(docMeta(OPENAPI_PROSE && { description: "The report's file name in the bank channel" })),
  kind: z.string().check(docMeta(OPENAPI_PROSE && { description: '`pain.002`, `camt.054` or `nacha`' })),
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

export const ReconciliationSchema = z
  .object({
    reports: z.array(ReconciliationReportSchema),
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
            reports: [
              {
                reportId: '0b9d7a52-3f0e-4a51-9c1e-6f2d8b7e1a40',
                name: 'camt054-20261126-0001.xml',
                kind: 'camt.054',
                receivedAt: '2026-11-26T10:02:11.000Z',
                outcome: 'applied',
                quarantineReason: null,
                facts: [
                  {
                    reference: 'WD-7K3M-9QX2',
                    transactionId: '6f1c2a9e-8d3b-4c5a-9e7f-1a2b3c4d5e6f',
                    effect: 'completed',
                  },
                ],
              },
            ],
            nextCursor: null,
            awaitingReport: [],
          },
        ],
      },
    ),
  );
export type Reconciliation = z.infer<typeof ReconciliationSchema>;
