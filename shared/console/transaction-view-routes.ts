import { TransactionIdParams } from '#shared/console/schemas.ts';
import {
  ConsoleRailsSchema,
  ConsoleTransactionResponseSchema,
  ConsoleTransactionsQuery,
  ExportPageSchema,
  ExportQuery,
  TransactionStorySchema,
} from '#shared/console/transaction-view-schemas.ts';
import { defineRoute, OPENAPI_PROSE } from '#shared/routing/route.ts';
import { TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The console's views of the organization's transactions (shared/console/README.md, "Views"): the list, a
 * transaction's story and the export. Spread into the console's rows (`routes.ts`).
 */
const sessionRoute = { auth: true, tag: 'Console' } as const;

export const transactionViewRoutes = {
  consoleListRails: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    operationId: 'consoleListRails',
    method: 'GET',
    path: '/api/console/rails',
    handler: 'functions/api/console/list-rails.ts',
    summary: OPENAPI_PROSE ? 'The payment rails a payout can go by, for filters and labels' : '',
    description:
      OPENAPI_PROSE &&
      'Every rail of the service, in the order of its rail descriptors: its name (what `settlementRail` and the ' +
        "transactions' `rail` filter say), the bank rail whose banks it pays, and its currencies.",
    successStatus: 200,
    access: { table: 'read', sessions: true },
    responses: { 200: ConsoleRailsSchema },
  }),
  consoleListTransactions: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    features: ['customers'],
    operationId: 'consoleListTransactions',
    method: 'GET',
    path: '/api/console/transactions',
    handler: 'functions/api/console/list-organization-transactions.ts',
    summary: OPENAPI_PROSE
      ? "All the organization's transactions with the customers' names, newest first (filters, reference search)"
      : '',
    description:
      OPENAPI_PROSE &&
      'Paged like the API: `limit` and `cursor`, and a `Link: <...>; rel="next"` header while more exist. Filters ' +
        'take any letter case. A period (`from`, `to`) bounds the read; `rail` and `reference` are matched as ' +
        'the items are read, so a page may hold fewer items than `limit` and still have a next one.',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi3'] },
    request: { query: ConsoleTransactionsQuery },
    responses: { 200: z.array(ConsoleTransactionResponseSchema) },
  }),
  consoleGetTransactionStory: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    features: ['customers'],
    operationId: 'consoleGetTransactionStory',
    method: 'GET',
    path: '/api/console/transactions/{transactionId}',
    handler: 'functions/api/console/get-transaction-story.ts',
    summary: OPENAPI_PROSE
      ? "A transaction's whole story: created, signed, the payment file, the bank's answer, its webhooks"
      : '',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { params: TransactionIdParams },
    responses: { 200: TransactionStorySchema },
    refusals: [TRANSACTION_NOT_FOUND],
  }),
  consoleExportTransactions: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    features: ['customers'],
    operationId: 'consoleExportTransactions',
    method: 'GET',
    path: '/api/console/exports/transactions',
    handler: 'functions/api/console/export-transactions.ts',
    summary: OPENAPI_PROSE ? 'Export the transactions of a period (JSON), a page of up to 1,000 rows at a time' : '',
    description:
      OPENAPI_PROSE &&
      'Newest first; `from` defaults to the start of this month (UTC), `to` to now. Follow `nextCursor` (the same ' +
        'query with `cursor=`) until it is null: each page reads only its own rows, so a month of 100,000 is 100 ' +
        'calls. The CSV of the same rows: `/api/console/exports/transactions/csv`.',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi3'] },
    request: { query: ExportQuery },
    responses: { 200: ExportPageSchema },
  }),
  consoleExportTransactionsCsv: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    features: ['customers'],
    operationId: 'consoleExportTransactionsCsv',
    method: 'GET',
    path: '/api/console/exports/transactions/csv',
    handler: 'functions/api/console/export-transactions-csv.ts',
    summary: OPENAPI_PROSE ? 'Export the transactions of a period as CSV, a page of up to 1,000 rows at a time' : '',
    description:
      OPENAPI_PROSE &&
      'The rows of `/api/console/exports/transactions`, as RFC 4180 CSV (UTF-8, CRLF), accounts masked in ASCII ' +
        '(`DE89****3000`). The first page starts with the UTF-8 byte order mark (which Excel needs to read UTF-8) ' +
        'and the header line, later pages with neither, so the pages joined in order are one file; the next page ' +
        'is in the `Link: <...>; rel="next"` header, absent on the last. With full accounts: ' +
        '`/api/console/exports/transactions/with-accounts/csv`.',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi3'] },
    request: { query: ExportQuery },
    produces: ['text/csv'],
    responses: { 200: z.string() },
    examples: {
      responses: { 200: 'reference,transactionId,type,status,...\r\nWD-7K3M-9QX2,6f1c2a9e-...,WITHDRAWAL,...\r\n' },
    },
  }),
  consoleExportTransactionsWithAccountsCsv: defineRoute({
    ...sessionRoute,
    console: { permission: 'exportAccounts' },
    features: ['customers'],
    operationId: 'consoleExportTransactionsWithAccountsCsv',
    method: 'POST',
    path: '/api/console/exports/transactions/with-accounts/csv',
    handler: 'functions/api/console/export-transactions-with-accounts-csv.ts',
    summary: OPENAPI_PROSE
      ? 'Export the transactions of a period as CSV with full account numbers (owners and admins; audited)'
      : '',
    description:
      OPENAPI_PROSE &&
      'The CSV of `/api/console/exports/transactions/csv` with each `account` in full (the IBAN or account number ' +
        'paid), to match a bank statement line by line. A POST, as it writes: every page writes ' +
        '`transactions.exported_with_accounts` to the audit log (the period, the page, its rows) before it is ' +
        'answered, and passes the anti-CSRF check. Paged the same way: the next page is the URL of the ' +
        '`Link: <...>; rel="next"` header, POSTed too.',
    successStatus: 200,
    access: { table: 'readwrite', sessions: true, indexes: ['gsi3'] },
    request: { query: ExportQuery },
    produces: ['text/csv'],
    responses: { 200: z.string() },
    examples: {
      responses: {
        200: 'reference,transactionId,...,account,...\r\nWD-7K3M-9QX2,6f1c2a9e-...,DE89370400440532013000,...\r\n',
      },
    },
  }),
};
