import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { consoleReadable, customerRoute } from '#shared/routing/presets.ts';
import { defineRoute, OPENAPI_PROSE, type RouteDefinition } from '#shared/routing/route.ts';
import { CustomerIdParams } from '#shared/routing/schemas.ts';
import {
  ListTransactionsQuery,
  TransactionLookupParams,
  TransactionResponseSchema,
} from '#shared/transactions/schemas.ts';
import { TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';
import * as z from '#shared/validation/zod.ts';

/** The transactions rows of the route table: a customer's withdrawals and deposits (assembled in `#shared/routes.ts`). */
export const routes = {
  listTransactions: defineRoute({
    ...customerRoute,
    ...consoleReadable,
    tag: 'Withdrawals',
    operationId: 'listTransactions',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/transactions',
    handler: 'functions/api/transactions/list-transactions.ts',
    summary: "List a customer's transactions, newest first (filters: type, status)",
    description:
      OPENAPI_PROSE && 'Withdrawals and deposits; amounts are decimal strings. Filters take any letter case.',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { params: CustomerIdParams, query: ListTransactionsQuery },
    responses: { 200: z.array(TransactionResponseSchema) },
    refusals: [CUSTOMER_NOT_FOUND],
  }),
  getTransaction: defineRoute({
    ...customerRoute,
    ...consoleReadable,
    tag: 'Withdrawals',
    operationId: 'getTransaction',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/transactions/{transactionId}',
    handler: 'functions/api/transactions/get-transaction.ts',
    summary: 'Get a transaction',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { params: TransactionLookupParams },
    responses: { 200: TransactionResponseSchema },
    refusals: [CUSTOMER_NOT_FOUND, TRANSACTION_NOT_FOUND],
  }),
} satisfies Record<string, RouteDefinition>;
