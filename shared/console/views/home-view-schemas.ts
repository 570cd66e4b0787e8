import { ReconciliationReportSchema } from '#shared/console/views/reconciliation-view-schemas.ts';
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
  rail: z.nullable(z.string()),
  status: z.string(),
  createdAt: z.string(),
  /** When it should settle, where the transaction says (the sandbox bank's answer time). */
  settlesBy: z.nullable(z.string()),
  reason: z.nullable(z.string()),
});

const byStatus = z.object(
  Object.fromEntries(TRANSACTION_STATUSES.map((status) => [status, z.number().check(z.int())])) as Record<
    TransactionStatus,
    z.ZodMiniNumber
  >,
);

export const HomeSchema = z.object({
  awaitingApproval: z.object({ count: z.number().check(z.int()), items: z.array(PayoutLine) }),
  inFlight: z.array(z.object({ rail: z.string(), count: z.number().check(z.int()), items: z.array(PayoutLine) })),
  failed: z.array(PayoutLine),
  volumes: z.array(z.object({ day: z.string(), withdrawals: z.number().check(z.int()), usdc: z.string(), byStatus })),
  days: z.number().check(z.int()),
  balances: z.object({
    organizationUsdc: z.string(),
    unclaimedFeesUsdc: z.string(),
  }),
  needsOperator: z.object({
    processingTooLong: z.array(PayoutLine),
    quarantinedReports: z.array(ReconciliationReportSchema),
  }),
});
export type Home = z.infer<typeof HomeSchema>;

/** Customers whose balances one page of the customers' total reads: one Query page and ten BatchGetItems. */
export const CUSTOMERS_PER_BALANCE_PAGE = 1000;

export const CustomersBalanceQuery = z.strictObject({ cursor: PaginationQuery.cursor });

/** One page of the sum of the customers' balances (shared/console/README.md, "The customers' total"). */
export const CustomersBalanceSchema = z.object({
  asOf: z.string(),
  customers: z.number().check(z.int()),
  availableUsdc: z.string(),
  lockedUsdc: z.string(),
  totalUsdc: z.string(),
  nextCursor: z.nullable(z.string()),
});
export type CustomersBalance = z.infer<typeof CustomersBalanceSchema>;
