import { ACH, BANK_RAIL_NAMES, FEDWIRE, RAIL_CURRENCIES, RAIL_NAMES, SEPA } from '#shared/rails/bank/rail.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import { PaginationQuery } from '#shared/routing/schemas.ts';
import {
  ListTransactionsQuery,
  TRANSACTION_EXAMPLE,
  TransactionSchema,
  upperCaseEnum,
} from '#shared/transactions/schemas.ts';
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

/** A period's query fields, `from` and `to`, said of what is bounded (`Created`, `Received`). */
export const periodFields = (what: string) => ({
  from: z
    .optional(periodBound(false))
    .check(docMeta(OPENAPI_PROSE && { description: `${what} at or after: a day (UTC) or a date-time with its zone` })),
  to: z.optional(periodBound(true)).check(
    docMeta(
      OPENAPI_PROSE && {
        description: `${what} before this date-time, or up to the end of this day (UTC): \`to=2026-11-30\` includes the 30th`,
      },
    ),
  ),
});
const { from: fromBound, to: toBound } = periodFields('Created');
type Period = { from?: string | undefined; to?: string | undefined };
export const periodInOrder = z.refine<Period>((query) => !query.from || !query.to || query.from < query.to, {
  error: 'from must be before to',
  path: ['from'],
});

/** Every rail of the rail descriptors (`shared/rails/bank/rails.ts`), by its name. */
export const RailNameSchema = z.enum(RAIL_NAMES);

/** The rails, for the console's filters and labels: each with the bank rail whose banks it pays, and its currencies. */
export const ConsoleRailsSchema = z
  .array(
    z.object({
      rail: RailNameSchema,
      bankRail: z.enum(BANK_RAIL_NAMES).check(
        docMeta(
          OPENAPI_PROSE && {
            description:
              "The bank's rail (`paymentRail`) of the banks it pays: ACH pays FEDWIRE banks, SEPA_INSTANT SEPA banks",
          },
        ),
      ),
      currencies: z.array(z.enum(RAIL_CURRENCIES)),
    }),
  )
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleRails',
        examples: [
          [
            { rail: SEPA, bankRail: SEPA, currencies: ['EUR'] },
            { rail: ACH, bankRail: FEDWIRE, currencies: ['USD'] },
          ],
        ],
      },
    ),
  );
export type ConsoleRails = z.infer<typeof ConsoleRailsSchema>;
const railFilter = z.optional(upperCaseEnum(RailNameSchema));

export const ConsoleTransactionsQuery = z
  .strictObject({
    ...PaginationQuery,
    type: ListTransactionsQuery.shape.type,
    status: ListTransactionsQuery.shape.status,
    customerId: z
      .optional(z.uuid({ error: 'Must be a UUID' }))
      .check(docMeta(OPENAPI_PROSE && { description: "Only this customer's transactions" })),
    rail: railFilter.check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'Only payouts whose money goes by this rail (`payoutRail`: the settlement rail once filed; any letter ' +
            'case): `ACH` finds the payouts to FEDWIRE banks that went by ACH, `SEPA_INSTANT` those to SEPA banks',
        },
      ),
    ),
    reference: z.optional(z.string().check(z.minLength(1), z.maxLength(64))).check(
      docMeta(
        OPENAPI_PROSE && {
          description: 'Only references containing this text, any letter case (`WD-7K3M`, `7k3m`)',
        },
      ),
    ),
    from: fromBound,
    to: toBound,
  })
  .check(periodInOrder);

const maskedAccount = z.nullable(z.string()).check(
  docMeta(
    OPENAPI_PROSE && {
      description: 'The account paid, masked: an IBAN as its country, check digits and last four; else the last four',
    },
  ),
);

const payoutRail = z.nullable(z.object({ rail: RailNameSchema, filed: z.boolean() })).check(
  docMeta(
    OPENAPI_PROSE && {
      description:
        'The rail the money goes by: `settlementRail` once the payout is in a bank file (`filed: true`); before, ' +
        "the rail it asked for or its bank's (`filed: false`, what the batcher is expected to take). It differs " +
        "from `paymentRail` (the bank's rail) for ACH and SEPA Instant payouts. Null for deposits",
    },
  ),
);

/** A row of the console's transaction list: the transaction as the API answers it, with names for people. */
export const ConsoleTransactionSchema = z.extend(TransactionSchema, {
  customerName: z.nullable(z.string()).check(docMeta(OPENAPI_PROSE && { description: "The customer's name" })),
  maskedAccount,
  payoutRail,
});
export type ConsoleTransaction = z.infer<typeof ConsoleTransactionSchema>;

/** The API's transaction example, booked, as the console lists it: the list's rows add names to the API's object. */
const ROW_EXAMPLE: ConsoleTransaction | undefined = OPENAPI_PROSE
  ? {
      ...TRANSACTION_EXAMPLE,
      status: 'COMPLETED',
      updatedAt: '2026-11-22T00:00:00.000Z',
      completedAt: '2026-11-22T00:00:00.000Z',
      customerName: 'Ada Lovelace',
      maskedAccount: 'DE89 … 3000',
      payoutRail: { rail: SEPA, filed: true },
    }
  : undefined;
const TX = TRANSACTION_EXAMPLE.id;
const AT = TRANSACTION_EXAMPLE.createdAt;

export const ConsoleTransactionResponseSchema = ConsoleTransactionSchema.check(
  docMeta(
    OPENAPI_PROSE && {
      id: 'ConsoleTransaction',
      examples: [ROW_EXAMPLE],
    },
  ),
);

/** A payout's whole story: who created and signed it, the payment file it left in, the bank's answer, its webhooks. */
export const TransactionStorySchema = z
  .object({
    transaction: ConsoleTransactionResponseSchema,
    created: z.object({
      at: z.string(),
      by: z.string().check(docMeta(OPENAPI_PROSE && { description: 'Who created it, in words' })),
      apiKey: z.nullable(z.object({ id: z.string(), hint: z.string() })).check(
        docMeta(
          OPENAPI_PROSE && {
            description:
              'The API key that created it, as the keys page lists it; null for deposits and for withdrawals ' +
              'stored before the key was recorded',
          },
        ),
      ),
    }),
    approvals: z.array(
      z.object({
        approver: z.string(),
        name: z.nullable(z.string()).check(docMeta(OPENAPI_PROSE && { description: "The member's name, if a member" })),
        approvedAt: z.string(),
        passkeySigned: z
          .boolean()
          .check(
            docMeta(OPENAPI_PROSE && { description: "Signed with the member's passkey (false: by the operator)" }),
          ),
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
    bank: z
      .object({
        outcome: z.enum(['not-sent', 'awaiting-report', 'booked', 'rejected', 'returned']),
        at: z.nullable(z.string()),
        reason: z.nullable(z.string()),
      })
      .check(
        docMeta(
          OPENAPI_PROSE && {
            description:
              "The bank's answer: `booked` (camt.054; `at` is the booking date), `rejected` or returned (`reason`)",
          },
        ),
      ),
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
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleTransactionStory',
        examples: [
          {
            transaction: ROW_EXAMPLE,
            created: {
              at: AT,
              by: 'API key sk_sandbox_…x9Qa',
              apiKey: { id: 'd4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70', hint: 'sk_sandbox_…x9Qa' },
            },
            approvals: [
              { approver: 'ada@example.com', name: 'Ada', approvedAt: '2026-11-21T10:05:00.000Z', passkeySigned: true },
            ],
            cancelled: null,
            paymentFile: {
              messageId: '4f1c2a9e4b7d4e219c3a1d2e3f4a5b6c',
              fileName: '4f1c2a9e4b7d4e219c3a1d2e3f4a5b6c.xml',
              status: 'ANSWERED',
              createdAt: '2026-11-21T10:10:00.000Z',
              payments: 12,
            },
            bank: { outcome: 'booked', at: '2026-11-22T00:00:00.000Z', reason: null },
            webhookDeliveries: [
              {
                id: 'b7c8d9e0-f1a2-4b3c-8d4e-5f6a7b8c9d0e',
                endpointUrl: 'https://hooks.example.com/payouts',
                eventType: 'withdrawal.status_changed',
                status: 'DELIVERED',
                attempts: 1,
                createdAt: '2026-11-22T00:00:01.000Z',
                lastAttemptAt: '2026-11-22T00:00:01.200Z',
                lastResponseStatus: 200,
              },
            ],
          },
        ],
      },
    ),
  );
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
        docMeta(OPENAPI_PROSE && { description: `Rows per page, 1 to ${MAX_EXPORT_PAGE} (the default)` }),
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

export const ExportPageSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    rows: z.array(ExportRowSchema),
    nextCursor: z.nullable(z.string()),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleTransactionExport',
        examples: [
          {
            from: '2026-11-01T00:00:00.000Z',
            to: '2026-12-01T00:00:00.000Z',
            rows: [
              {
                reference: 'WD-7K3M-9QX2',
                transactionId: TX,
                type: 'WITHDRAWAL',
                status: 'COMPLETED',
                createdAt: AT,
                completedAt: '2026-11-22T00:00:00.000Z',
                createdByApiKey: 'sk_sandbox_...x9Qa',
                createdByApiKeyId: 'd4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70',
                customerId: TRANSACTION_EXAMPLE.customerId,
                customerName: 'Ada Lovelace',
                beneficiary: 'Ada Lovelace',
                account: 'DE89****3000',
                bic: 'COBADEFFXXX',
                routingNumber: null,
                sourceAmount: '100.00',
                sourceCurrency: 'USDC',
                targetAmount: '91.08',
                targetCurrency: 'EUR',
                fee: '1.00',
                exchangeRate: '0.92',
                bankRail: SEPA,
                settlementRail: SEPA,
                paymentFileMessageId: '4f1c2a9e4b7d4e219c3a1d2e3f4a5b6c',
                bookingDate: '2026-11-22',
                returnedAt: null,
                txHash: null,
                failureReason: null,
              },
            ],
            nextCursor: null,
          },
        ],
      },
    ),
  );
