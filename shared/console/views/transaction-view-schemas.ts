import { BANK_RAIL_NAMES, RAIL_CURRENCIES, RAIL_NAMES } from '#shared/rails/bank/rail.ts';
import { described } from '#shared/routing/prose.ts';
import { PaginationQuery } from '#shared/routing/schemas.ts';
import { ListTransactionsQuery, TransactionSchema, upperCaseEnum } from '#shared/transactions/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/** The console's transaction views: the list with names, a payout's whole story, and the export (requests, responses). */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const DATE_ERROR = 'Must be a date (2026-11-01) or a date-time with its zone (2026-11-01T00:00:00Z)';

/**
 * A bound of a period: a day (UTC) or an instant with its zone, as an ISO instant. `end` makes a day's bound the
 * end of that day, so `to=2026-11-30` includes the 30th.
 */
const periodBound = (end: boolean) =>
  z.pipe(
    z.string().check(z.refine((text) => DAY.test(text) || INSTANT.test(text), { error: DATE_ERROR })),
    z.transform((text, context) => {
      const at = new Date(DAY.test(text) ? `${text}T00:00:00.000Z` : text);
      if (Number.isNaN(at.getTime())) {
        context.issues.push({ code: 'custom', message: DATE_ERROR, input: text });
        return z.NEVER;
      }
      if (end && DAY.test(text)) at.setUTCDate(at.getUTCDate() + 1);
      return at.toISOString();
    }),
  );

/** A period's query fields, `from` and `to` (each use describes them in its words: `Created`, `Reports received`). */
export const periodFields = () => ({ from: z.optional(periodBound(false)), to: z.optional(periodBound(true)) });
const { from: fromBound, to: toBound } = periodFields();
type Period = { from?: string | undefined; to?: string | undefined };
export const periodInOrder = z.refine<Period>((query) => !query.from || !query.to || query.from < query.to, {
  error: 'from must be before to',
  path: ['from'],
});

/** Every rail of the rail descriptors (`shared/rails/bank/rails.ts`), by its name. */
export const RailNameSchema = z.enum(RAIL_NAMES);

/** The rails, for the console's filters and labels: each with the bank rail whose banks it pays, and its currencies. */
export const ConsoleRailsSchema = z.array(
  z.object({ rail: RailNameSchema, bankRail: z.enum(BANK_RAIL_NAMES), currencies: z.array(z.enum(RAIL_CURRENCIES)) }),
);
export type ConsoleRails = z.infer<typeof ConsoleRailsSchema>;
const railFilter = z.optional(upperCaseEnum(RailNameSchema));

export const ConsoleTransactionsQuery = z
  .strictObject({
    ...PaginationQuery,
    type: ListTransactionsQuery.shape.type,
    status: ListTransactionsQuery.shape.status,
    customerId: z.optional(z.uuid({ error: 'Must be a UUID' })),
    rail: railFilter,
    reference: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    from: fromBound,
    to: toBound,
  })
  .check(periodInOrder);

const maskedAccount = z.nullable(z.string());

const payoutRail = z.nullable(z.object({ rail: RailNameSchema, filed: z.boolean() }));

/** A row of the console's transaction list: the transaction as the API answers it, with names for people. */
export const ConsoleTransactionSchema = z.extend(TransactionSchema, {
  customerName: z.nullable(z.string()),
  maskedAccount,
  payoutRail,
});
export type ConsoleTransaction = z.infer<typeof ConsoleTransactionSchema>;

export const ConsoleTransactionResponseSchema = described(ConsoleTransactionSchema);

/** A payout's whole story: who created and signed it, the payment file it left in, the bank's answer, its webhooks. */
export const TransactionStorySchema = z.object({
  transaction: ConsoleTransactionResponseSchema,
  created: z.object({
    at: z.string(),
    by: z.string(),
    apiKey: z.nullable(z.object({ id: z.string(), hint: z.string() })),
  }),
  approvals: z.array(
    z.object({
      approver: z.string(),
      name: z.nullable(z.string()),
      approvedAt: z.string(),
      passkeySigned: z.boolean(),
    }),
  ),
  cancelled: z.nullable(z.object({ by: z.string(), at: z.string(), reason: z.nullable(z.string()) })),
  paymentFile: z.nullable(
    z.object({
      messageId: z.string(),
      fileName: z.string(),
      status: z.enum(['CLAIMED', 'WRITTEN', 'ANSWERED', 'SETTLED']),
      createdAt: z.string(),
      payments: z.number().check(z.int()),
    }),
  ),
  bank: z.object({
    outcome: z.enum(['not-sent', 'awaiting-report', 'booked', 'rejected', 'returned']),
    at: z.nullable(z.string()),
    reason: z.nullable(z.string()),
  }),
  webhookDeliveries: z.array(
    z.object({
      id: z.string(),
      endpointUrl: z.string(),
      eventType: z.string(),
      status: z.enum(['PENDING', 'DELIVERED', 'FAILED']),
      attempts: z.number().check(z.int()),
      createdAt: z.string(),
      lastAttemptAt: z.nullable(z.string()),
      lastResponseStatus: z.nullable(z.number().check(z.int())),
    }),
  ),
});
export type TransactionStory = z.infer<typeof TransactionStorySchema>;

export const MAX_EXPORT_PAGE = 1000;

export const ExportQuery = z
  .strictObject({
    from: fromBound,
    to: toBound,
    limit: z
      .optional(
        z.pipe(
          z.string().check(z.regex(/^\d{1,4}$/, { error: `Must be an integer from 1 to ${MAX_EXPORT_PAGE}` })),
          z.transform(Number),
        ),
      )
      .check(
        z.refine((n) => n === undefined || (n >= 1 && n <= MAX_EXPORT_PAGE), {
          error: `Must be an integer from 1 to ${MAX_EXPORT_PAGE}`,
        }),
      ),
    cursor: PaginationQuery.cursor,
  })
  .check(periodInOrder);

/**
 * One row of the export: what a bank statement line is matched on (the reference the bank quotes, the booking date,
 * the amount and currency paid, the account), every figure of the list, the rail the money went by (`settlementRail`)
 * beside the bank's (`bankRail`), the payment file, when it completed or came back, and a deposit's chain
 * transaction. `account` is masked (`DE89****3000`) unless the export is the one with full accounts.
 */
export const EXPORT_COLUMNS = [
  'reference',
  'transactionId',
  'type',
  'status',
  'createdAt',
  'completedAt',
  'createdByApiKey',
  'createdByApiKeyId',
  'customerId',
  'customerName',
  'beneficiary',
  'account',
  'bic',
  'routingNumber',
  'sourceAmount',
  'sourceCurrency',
  'targetAmount',
  'targetCurrency',
  'fee',
  'exchangeRate',
  'bankRail',
  'settlementRail',
  'paymentFileMessageId',
  'bookingDate',
  'returnedAt',
  'txHash',
  'failureReason',
] as const;

export const ExportRowSchema = z.object(
  Object.fromEntries(EXPORT_COLUMNS.map((column) => [column, z.nullable(z.string())])) as Record<
    (typeof EXPORT_COLUMNS)[number],
    z.ZodMiniNullable<z.ZodMiniString>
  >,
);
export type ExportRow = z.infer<typeof ExportRowSchema>;

export const ExportPageSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(ExportRowSchema),
  nextCursor: z.nullable(z.string()),
});
