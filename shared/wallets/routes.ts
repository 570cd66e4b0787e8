import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { consoleReadable, walletRoute } from '#shared/routing/presets.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import { CustomerIdParams } from '#shared/routing/schemas.ts';
import {
  AddressVerificationSchema,
  CreateWalletBody,
  CustomerWalletParams,
  ListWalletsQuery,
  UpdateWalletBody,
  VerifyAddressBody,
  WalletDeletedSchema,
  WalletListSchema,
  WalletSchema,
} from '#shared/wallets/schemas.ts';
import {
  ADDRESS_IN_USE,
  BANK_WALLET_IMMUTABLE,
  NODE_UNANSWERED,
  WALLET_NOT_FOUND,
} from '#shared/wallets/wallet-rules.ts';

/** The wallets rows of the route table (assembled in `#shared/routes.ts`). */
export const routes = defineRoutes('wallets', {
  // Wallets, deposit details, virtual accounts and inbound deposits.
  listCustomerWallets: {
    ...walletRoute,
    ...consoleReadable,
    method: 'GET',
    path: '/api/v2/customers/{customerId}/deposit/wallets',
    handler: 'functions/api/wallets/list-wallets.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { params: CustomerIdParams, query: ListWalletsQuery },
    responses: { 200: WalletListSchema },
    refusals: [CUSTOMER_NOT_FOUND],
  },
  createCustomerWallet: {
    ...walletRoute,
    method: 'POST',
    path: '/api/v2/customers/{customerId}/deposit/wallets',
    handler: 'functions/api/wallets/create-wallet.ts',
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: CreateWalletBody },
    responses: { 201: WalletSchema },
    refusals: [CUSTOMER_NOT_FOUND, ADDRESS_IN_USE],
  },
  getCustomerWallet: {
    ...walletRoute,
    ...consoleReadable,
    method: 'GET',
    path: '/api/v2/customers/{customerId}/deposit/wallets/{walletId}',
    handler: 'functions/api/wallets/get-wallet.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { params: CustomerWalletParams },
    responses: { 200: WalletSchema },
    refusals: [CUSTOMER_NOT_FOUND, WALLET_NOT_FOUND],
  },
  updateCustomerWallet: {
    ...walletRoute,
    method: 'PATCH',
    path: '/api/v2/customers/{customerId}/deposit/wallets/{walletId}',
    handler: 'functions/api/wallets/update-wallet.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerWalletParams, body: UpdateWalletBody },
    responses: { 200: WalletSchema },
    refusals: [CUSTOMER_NOT_FOUND, WALLET_NOT_FOUND, ADDRESS_IN_USE],
  },
  deleteCustomerWallet: {
    ...walletRoute,
    method: 'DELETE',
    path: '/api/v2/customers/{customerId}/deposit/wallets/{walletId}',
    handler: 'functions/api/wallets/delete-wallet.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerWalletParams },
    responses: { 200: WalletDeletedSchema },
    refusals: [CUSTOMER_NOT_FOUND, WALLET_NOT_FOUND, BANK_WALLET_IMMUTABLE],
  },
  verifyAddress: {
    ...walletRoute,
    method: 'POST',
    path: '/api/v2/verify-address',
    handler: 'functions/api/wallets/verify-address.ts',
    successStatus: 200,
    access: { table: 'read', chainRpc: true },
    request: { body: VerifyAddressBody },
    responses: { 200: AddressVerificationSchema },
    refusals: [NODE_UNANSWERED],
  },
});
