import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import {
  CreateVirtualAccountBody,
  CustomerVirtualAccountParams,
  DepositDetailsQuery,
  DepositDetailsSchema,
  GetVirtualAccountQuery,
  RAIL_REQUIRED,
  SandboxCreditBody,
  SandboxRejectVirtualAccountBody,
} from '#shared/deposits/schemas.ts';
import {
  VIRTUAL_ACCOUNT_EXISTS,
  VIRTUAL_ACCOUNT_NOT_FOUND,
  VIRTUAL_ACCOUNT_NOT_PENDING,
} from '#shared/deposits/virtual-account-rules.ts';
import { VirtualAccountSchema } from '#shared/deposits/virtual-account-view.ts';
import { consoleReadable, NoBody, sandboxRoute, walletRoute } from '#shared/routing/presets.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import { CustomerIdParams, PaginationQuery } from '#shared/routing/schemas.ts';
import { TransactionResponseSchema } from '#shared/transactions/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * Money arriving by bank transfer: the platform's deposit details, the customers' virtual accounts, and the sandbox's
 * credit standing in for a transfer. Spread into the deposits' rows (`routes.ts`).
 */

export const depositAccountRoutes = defineRoutes('deposits', {
  getDepositDetails: {
    ...walletRoute,
    ...consoleReadable,
    method: 'GET',
    path: '/api/v2/customers/{customerId}/deposit',
    handler: 'functions/api/deposits/get-deposit-details.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { params: CustomerIdParams, query: DepositDetailsQuery },
    responses: { 200: DepositDetailsSchema },
    refusals: [CUSTOMER_NOT_FOUND, RAIL_REQUIRED],
  },
  createVirtualAccount: {
    ...walletRoute,
    method: 'POST',
    path: '/api/v2/customers/{customerId}/virtual-account',
    handler: 'functions/api/deposits/request-virtual-account.ts',
    successStatus: 202,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: CreateVirtualAccountBody },
    responses: { 202: VirtualAccountSchema },
    refusals: [CUSTOMER_NOT_FOUND, VIRTUAL_ACCOUNT_EXISTS],
  },
  getVirtualAccount: {
    ...walletRoute,
    ...consoleReadable,
    method: 'GET',
    path: '/api/v2/customers/{customerId}/virtual-account',
    handler: 'functions/api/deposits/get-virtual-account.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { params: CustomerIdParams, query: GetVirtualAccountQuery },
    responses: { 200: VirtualAccountSchema },
    refusals: [VIRTUAL_ACCOUNT_NOT_FOUND],
  },
  listVirtualAccounts: {
    ...walletRoute,
    ...consoleReadable,
    method: 'GET',
    path: '/api/v2/customers/{customerId}/virtual-accounts',
    handler: 'functions/api/deposits/list-virtual-accounts.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { params: CustomerIdParams, query: z.strictObject({ ...PaginationQuery }) },
    responses: { 200: z.array(VirtualAccountSchema) },
    refusals: [CUSTOMER_NOT_FOUND],
  },
  sandboxApproveVirtualAccount: {
    ...sandboxRoute,
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/virtual-accounts/{virtualAccountId}/approve',
    handler: 'functions/api/deposits/approve-virtual-account.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerVirtualAccountParams, body: NoBody },
    responses: { 200: VirtualAccountSchema },
    refusals: [CUSTOMER_NOT_FOUND, VIRTUAL_ACCOUNT_NOT_FOUND, VIRTUAL_ACCOUNT_NOT_PENDING],
  },
  sandboxRejectVirtualAccount: {
    ...sandboxRoute,
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/virtual-accounts/{virtualAccountId}/reject',
    handler: 'functions/api/deposits/reject-virtual-account.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerVirtualAccountParams, body: SandboxRejectVirtualAccountBody },
    responses: { 200: VirtualAccountSchema },
    refusals: [
      CUSTOMER_NOT_FOUND,
      VIRTUAL_ACCOUNT_NOT_FOUND,
      VIRTUAL_ACCOUNT_NOT_PENDING.withExample('rejected', 'ACTIVE'),
    ],
  },
});

export const balanceCreditRoutes = defineRoutes('deposits', {
  sandboxCreditBalance: {
    ...sandboxRoute,
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/balance',
    handler: 'functions/api/deposits/credit-balance.ts',
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: SandboxCreditBody },
    responses: { 201: TransactionResponseSchema },
    refusals: [CUSTOMER_NOT_FOUND],
  },
});
