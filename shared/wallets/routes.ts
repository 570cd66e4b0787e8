import { CustomerIdParams } from '#shared/customers/schemas.ts';
import { consoleReadable, customerNotFound, customerRoute } from '#shared/routing/presets.ts';
import { defineRoute, type RouteDefinition } from '#shared/routing/route.ts';
import { ErrorBodySchema } from '#shared/routing/schemas.ts';
import {
  CreateWalletBody,
  CustomerWalletParams,
  ListWalletsQuery,
  UpdateWalletBody,
  WalletDeletedSchema,
  WalletListSchema,
  WalletSchema,
} from '#shared/wallets/schemas.ts';

export const walletRoute = { ...customerRoute, tag: 'Wallets and deposits' } as const;

export const walletNotFound = { 404: { error: 'Wallet not found' } };

/** The wallets rows of the route table (assembled in `#shared/routes.ts`). */
export const routes = {
  // Wallets, deposit details, virtual accounts and inbound deposits (issue 5).
  listCustomerWallets: defineRoute({
    ...walletRoute,
    ...consoleReadable,
    operationId: 'listCustomerWallets',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/deposit/wallets',
    handler: 'functions/api/wallets/list-wallets.ts',
    summary: "List a customer's wallets: bank deposit wallets and destination wallets",
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { params: CustomerIdParams, query: ListWalletsQuery },
    responses: {
      200: WalletListSchema,
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      403: ErrorBodySchema,
      404: ErrorBodySchema,
    },
    examples: { responses: customerNotFound },
  }),
  createCustomerWallet: defineRoute({
    ...walletRoute,
    operationId: 'createCustomerWallet',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/deposit/wallets',
    handler: 'functions/api/wallets/create-wallet.ts',
    summary: "Add a destination wallet: the customer's own address for on-ramp deposits",
    description:
      'One address is one wallet within your organization (409 `Address already in use by another wallet`); ' +
      'mixed-case addresses must carry a correct EIP-55 checksum. Stored and returned checksummed.',
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: CreateWalletBody },
    responses: {
      201: WalletSchema,
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      403: ErrorBodySchema,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
    examples: { responses: { ...customerNotFound, 409: { error: 'Address already in use by another wallet' } } },
  }),
  getCustomerWallet: defineRoute({
    ...walletRoute,
    ...consoleReadable,
    operationId: 'getCustomerWallet',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/deposit/wallets/{walletId}',
    handler: 'functions/api/wallets/get-wallet.ts',
    summary: 'Get a wallet',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { params: CustomerWalletParams },
    responses: {
      200: WalletSchema,
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      403: ErrorBodySchema,
      404: ErrorBodySchema,
    },
    examples: { responses: walletNotFound },
  }),
  updateCustomerWallet: defineRoute({
    ...walletRoute,
    operationId: 'updateCustomerWallet',
    method: 'PATCH',
    path: '/api/v2/customers/{customerId}/deposit/wallets/{walletId}',
    handler: 'functions/api/wallets/update-wallet.ts',
    summary: "Change a destination wallet's address",
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerWalletParams, body: UpdateWalletBody },
    responses: {
      200: WalletSchema,
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      403: ErrorBodySchema,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
    examples: {
      responses: { ...walletNotFound, 409: { error: 'Address already in use by another wallet' } },
    },
  }),
  deleteCustomerWallet: defineRoute({
    ...walletRoute,
    operationId: 'deleteCustomerWallet',
    method: 'DELETE',
    path: '/api/v2/customers/{customerId}/deposit/wallets/{walletId}',
    handler: 'functions/api/wallets/delete-wallet.ts',
    summary: 'Delete a destination wallet',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerWalletParams },
    responses: {
      200: WalletDeletedSchema,
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      403: ErrorBodySchema,
      404: ErrorBodySchema,
      409: ErrorBodySchema,
    },
    examples: { responses: { ...walletNotFound, 409: { error: 'Bank deposit wallets cannot be modified' } } },
  }),
} satisfies Record<string, RouteDefinition>;
