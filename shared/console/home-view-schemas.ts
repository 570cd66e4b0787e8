import { ReconciliationReportSchema } from '#shared/console/reconciliation-view-schemas.ts';
import { SEPA } from '#shared/rails/bank/rail.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import { PaginationQuery } from '#shared/routing/schemas.ts';
import { TRANSACTION_STATUSES, type TransactionStatus } from '#shared/transactions/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/** The console's home: what waits, what is in flight, what failed, the volumes and the balances. */

const PayoutLine = z.object({
  id: z.string(),
  reference: z.string(),
  customerName: z.nullable(z.string()),
  amount: z.string(),
  currency: z.string(),
  rail: z
    .nullable(z.string())
    .check(docMeta(OPENAPI_PROSE && { description: 'The rail its money goes by (`payoutRail` of the console list)' })),
  status: z.string(),
  createdAt: z.string(),
  /** When it should settle, where the transaction says (the sandbox bank's answer time). */
  settlesBy: z.nullable(z.string()),
  reason: z.nullable(z.string()),
});

const NO_STATUS = Object.fromEntries(TRANSACTION_STATUSES.map((status) => [status, 0])) as Record<
  TransactionStatus,
  number
>;
const byStatus = z.object(
  Object.fromEntries(TRANSACTION_STATUSES.map((status) => [status, z.number().check(z.int())])) as Record<
    TransactionStatus,
    z.ZodMiniNumber
  >,
);

export const HomeSchema = z
  .object({
    awaitingApproval: z.object({ count: z.number().check(z.int()), items: z.array(PayoutLine) }),
    inFlight: z
      .array(z.object({ rail: z.string(), count: z.number().check(z.int()), items: z.array(PayoutLine) }))
      .check(docMeta(OPENAPI_PROSE && { description: 'PROCESSING payouts by rail, oldest first' })),
    failed: z
      .array(PayoutLine)
      .check(docMeta(OPENAPI_PROSE && { description: 'Payouts FAILED (rejected or returned) in the last days' })),
    volumes: z
      .array(
        z.object({
          day: z.string(),
          withdrawals: z.number().check(
            z.int(),
            docMeta(
              OPENAPI_PROSE && {
                description:
                  'Withdrawals created that day whose money went to the bank (now PROCESSING or COMPLETED); ' +
                  'rejected, cancelled, expired, failed, returned and still unsigned ones are not counted',
              },
            ),
          ),
          usdc: z.string().check(docMeta(OPENAPI_PROSE && { description: 'The USDC of those withdrawals' })),
          byStatus: byStatus.check(
            docMeta(OPENAPI_PROSE && { description: 'Every withdrawal created that day, by its status now' }),
          ),
        }),
      )
      .check(docMeta(OPENAPI_PROSE && { description: 'Per UTC day of the last days, oldest first' })),
    days: z.number().check(z.int()),
    balances: z.object({
      organizationUsdc: z.string().check(
        docMeta(
          OPENAPI_PROSE && {
            description:
              "The organization's own custodial USDC: the developer fees it has claimed (`POST /api/v2/developer-fees`). " +
              "Not its customers' money, and not the treasury's on-chain balance (which holds the deposits swept there)",
          },
        ),
      ),
      unclaimedFeesUsdc: z.string().check(
        docMeta(
          OPENAPI_PROSE && {
            description:
              'Developer fees earned and not yet claimed (below zero when a returned payout took back a fee already claimed)',
          },
        ),
      ),
    }),
    needsOperator: z.object({
      processingTooLong: z
        .array(PayoutLine)
        .check(docMeta(OPENAPI_PROSE && { description: 'PROCESSING longer than the payout alarm allows' })),
      quarantinedReports: z
        .array(ReconciliationReportSchema)
        .check(
          docMeta(OPENAPI_PROSE && { description: "Bank reports naming this organization's payouts, quarantined" }),
        ),
    }),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleHome',
        examples: [
          {
            awaitingApproval: { count: 0, items: [] },
            inFlight: [
              {
                rail: SEPA,
                count: 1,
                items: [
                  {
                    id: '6f1c2a9e-4b7d-4e21-9c3a-1d2e3f4a5b6c',
                    reference: 'WD-7K3M-9QX2',
                    customerName: 'Ada Lovelace',
                    amount: '91.08',
                    currency: 'EUR',
                    rail: SEPA,
                    status: 'PROCESSING',
                    createdAt: '2026-11-21T10:00:00.000Z',
                    settlesBy: '2026-11-21T10:00:03.000Z',
                    reason: null,
                  },
                ],
              },
            ],
            failed: [],
            volumes: [
              {
                day: '2026-11-21',
                withdrawals: 1,
                usdc: '100.00',
                byStatus: { ...NO_STATUS, PROCESSING: 1, CANCELLED: 1 },
              },
            ],
            days: 14,
            balances: { organizationUsdc: '12.50', unclaimedFeesUsdc: '1.98' },
            needsOperator: { processingTooLong: [], quarantinedReports: [] },
          },
        ],
      },
    ),
  );
export type Home = z.infer<typeof HomeSchema>;

/** Customers whose balances one page of the customers' total reads: one Query page and ten BatchGetItems. */
export const CUSTOMERS_PER_BALANCE_PAGE = 1000;

export const CustomersBalanceQuery = z.strictObject({ cursor: PaginationQuery.cursor });

const usdc = (description: string) => z.string().check(docMeta(OPENAPI_PROSE && { description }));

/** One page of the sum of the customers' balances (shared/console/README.md, "The customers' total"). */
export const CustomersBalanceSchema = z
  .object({
    asOf: z
      .string()
      .check(docMeta(OPENAPI_PROSE && { description: 'When this page was read: the balances as they stood then' })),
    customers: z.number().check(z.int(), docMeta(OPENAPI_PROSE && { description: 'Customers counted in this page' })),
    availableUsdc: usdc("The page's customers' available USDC, summed"),
    lockedUsdc: usdc('Their USDC reserved for payouts in flight, summed'),
    totalUsdc: usdc('available + locked: what the organization holds for these customers'),
    nextCursor: z.nullable(z.string()).check(
      docMeta(
        OPENAPI_PROSE && {
          description: 'The next page of customers (the same call with `cursor=`); null: this was the last page',
        },
      ),
    ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleCustomersBalance',
        examples: [
          {
            asOf: '2026-11-21T10:00:00.000Z',
            customers: 2,
            availableUsdc: '1480.00',
            lockedUsdc: '20.00',
            totalUsdc: '1500.00',
            nextCursor: null,
          },
        ],
      },
    ),
  );
export type CustomersBalance = z.infer<typeof CustomersBalanceSchema>;
