import { TransactionIdParams } from '#shared/console/schemas.ts';
import {
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
      'The rows of `/api/console/exports/transactions`, as RFC 4180 CSV (UTF-8, CRLF). The first page starts with ' +
        'the header line and later pages do not, so the pages joined in order are one file; the next page is in ' +
        'the `Link: <...>; rel="next"` header, absent on the last.',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi3'] },
    request: { query: ExportQuery },
    produces: ['text/csv'],
    responses: { 200: z.string() },
    examples: {
      responses: { 200: 'reference,transactionId,type,status,...\r\nWD-7K3M-9QX2,6f1c2a9e-...,WITHDRAWAL,...\r\n' },
    },
  }),
};
