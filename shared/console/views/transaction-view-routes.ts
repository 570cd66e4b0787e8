import { TransactionIdParams } from '#shared/console/common/schemas.ts';
import {
  ConsoleRailsSchema,
  ConsoleTransactionResponseSchema,
  ConsoleTransactionsQuery,
  ExportPageSchema,
  ExportQuery,
  TransactionStorySchema,
} from '#shared/console/views/transaction-view-schemas.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import { TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The console's views of the organization's transactions (shared/console/README.md, "Views"): the rails, the list, a
 * transaction's story and the export. Spread into the console's rows (`routes.ts`).
 */
const sessionRoute = { auth: true, tag: 'Console' } as const;

export const transactionViewRoutes = defineRoutes('console', {
  consoleListRails: {
    ...sessionRoute,
    console: { permission: 'read' },
    method: 'GET',
    path: '/api/console/rails',
    handler: 'functions/api/console/list-rails.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    responses: { 200: ConsoleRailsSchema },
  },
  consoleListTransactions: {
    ...sessionRoute,
    console: { permission: 'read' },
    features: ['customers'],
    method: 'GET',
    path: '/api/console/transactions',
    handler: 'functions/api/console/list-organization-transactions.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi3'] },
    request: { query: ConsoleTransactionsQuery },
    responses: { 200: z.array(ConsoleTransactionResponseSchema) },
  },
  consoleGetTransactionStory: {
    ...sessionRoute,
    console: { permission: 'read' },
    features: ['customers'],
    method: 'GET',
    path: '/api/console/transactions/{transactionId}',
    handler: 'functions/api/console/get-transaction-story.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { params: TransactionIdParams },
    responses: { 200: TransactionStorySchema },
    refusals: [TRANSACTION_NOT_FOUND],
  },
  consoleExportTransactions: {
    ...sessionRoute,
    console: { permission: 'read' },
    features: ['customers'],
    method: 'GET',
    path: '/api/console/exports/transactions',
    handler: 'functions/api/console/export-transactions.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi3'] },
    request: { query: ExportQuery },
    responses: { 200: ExportPageSchema },
  },
  consoleExportTransactionsCsv: {
    ...sessionRoute,
    console: { permission: 'read' },
    features: ['customers'],
    method: 'GET',
    path: '/api/console/exports/transactions/csv',
    handler: 'functions/api/console/export-transactions-csv.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi3'] },
    request: { query: ExportQuery },
    produces: ['text/csv'],
    responses: { 200: z.string() },
  },
  consoleExportTransactionsWithAccountsCsv: {
    ...sessionRoute,
    console: { permission: 'exportAccounts' },
    features: ['customers'],
    method: 'POST',
    path: '/api/console/exports/transactions/with-accounts/csv',
    handler: 'functions/api/console/export-transactions-with-accounts-csv.ts',
    successStatus: 200,
    access: { table: 'readwrite', sessions: true, indexes: ['gsi3'] },
    request: { query: ExportQuery },
    produces: ['text/csv'],
    responses: { 200: z.string() },
  },
});
