import { PaymentRailSchema } from '#shared/banks/records.ts';
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

const fromBound = z.optional(periodBound(false));
const toBound = z.optional(periodBound(true));
type Period = { from?: string | undefined; to?: string | undefined };
const periodInOrder = z.refine<Period>((query) => !query.from || !query.to || query.from < query.to, {
  error: 'from must be before to',
  path: ['from'],
});

const railFilter = z.optional(upperCaseEnum(PaymentRailSchema));

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

/** A row of the console's transaction list: the transaction as the API answers it, with names for people. */
export const ConsoleTransactionSchema = z.extend(TransactionSchema, {
  customerName: z.nullable(z.string()),
  maskedAccount,
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

/** One row of the export: every figure of the list, the payment file and the booking date, as text. */
export const EXPORT_COLUMNS = [
  'reference',
  'transactionId',
  'type',
  'status',
  'createdAt',
  'createdByApiKey',
  'createdByApiKeyId',
  'customerId',
  'customerName',
  'beneficiary',
  'account',
  'bic',
  'sourceAmount',
  'sourceCurrency',
  'targetAmount',
  'targetCurrency',
  'fee',
  'exchangeRate',
  'paymentRail',
  'paymentFileMessageId',
  'bookingDate',
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
