import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { consoleReadable, customerRoute } from '#shared/routing/presets.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import { CustomerIdParams } from '#shared/routing/schemas.ts';
import {
  ListTransactionsQuery,
  TransactionLookupParams,
  TransactionResponseSchema,
} from '#shared/transactions/schemas.ts';
import { TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';
import * as z from '#shared/validation/zod.ts';

/** The transactions rows of the route table: a customer's withdrawals and deposits (assembled in `#shared/routes.ts`). */
export const routes = defineRoutes('transactions', {
  listTransactions: {
    ...customerRoute,
    ...consoleReadable,
    tag: 'Withdrawals',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/transactions',
    handler: 'functions/api/transactions/list-transactions.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { params: CustomerIdParams, query: ListTransactionsQuery },
    responses: { 200: z.array(TransactionResponseSchema) },
    refusals: [CUSTOMER_NOT_FOUND],
  },
  getTransaction: {
    ...customerRoute,
    ...consoleReadable,
    tag: 'Withdrawals',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/transactions/{transactionId}',
    handler: 'functions/api/transactions/get-transaction.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { params: TransactionLookupParams },
    responses: { 200: TransactionResponseSchema },
    refusals: [CUSTOMER_NOT_FOUND, TRANSACTION_NOT_FOUND],
  },
});
