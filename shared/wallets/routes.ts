import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { consoleReadable, walletRoute } from '#shared/routing/presets.ts';
import { defineRoute, OPENAPI_PROSE, type RouteDefinition } from '#shared/routing/route.ts';
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
export const routes = {
  // Wallets, deposit details, virtual accounts and inbound deposits.
  listCustomerWallets: defineRoute({
    ...walletRoute,
    ...consoleReadable,
    operationId: 'listCustomerWallets',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/deposit/wallets',
    handler: 'functions/api/wallets/list-wallets.ts',
    summary: "List a customer's wallets, newest first: bank deposit wallets and destination wallets",
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { params: CustomerIdParams, query: ListWalletsQuery },
    responses: { 200: WalletListSchema },
    refusals: [CUSTOMER_NOT_FOUND],
  }),
  createCustomerWallet: defineRoute({
    ...walletRoute,
    operationId: 'createCustomerWallet',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/deposit/wallets',
    handler: 'functions/api/wallets/create-wallet.ts',
    summary: "Add a destination wallet: the customer's own address for on-ramp deposits",
    description:
      OPENAPI_PROSE &&
      `One address is one wallet within your organization (409 \`${ADDRESS_IN_USE.message}\`); ` +
        'mixed-case addresses must carry a correct EIP-55 checksum. Stored and returned checksummed.',
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: CreateWalletBody },
    responses: { 201: WalletSchema },
    refusals: [CUSTOMER_NOT_FOUND, ADDRESS_IN_USE],
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
    responses: { 200: WalletSchema },
    refusals: [CUSTOMER_NOT_FOUND, WALLET_NOT_FOUND],
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
    responses: { 200: WalletSchema },
    refusals: [CUSTOMER_NOT_FOUND, WALLET_NOT_FOUND, ADDRESS_IN_USE],
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
    responses: { 200: WalletDeletedSchema },
    refusals: [CUSTOMER_NOT_FOUND, WALLET_NOT_FOUND, BANK_WALLET_IMMUTABLE],
  }),
  verifyAddress: defineRoute({
    ...walletRoute,
    operationId: 'verifyAddress',
    method: 'POST',
    path: '/api/v2/verify-address',
    handler: 'functions/api/wallets/verify-address.ts',
    summary: 'Verify an Ethereum address: EIP-55 checksum, contract, Safe multisig',
    description:
      OPENAPI_PROSE &&
      "Compose's address check, answered 200 whatever the address: `isValid` with the reason in `errors` " +
        '(`Invalid Ethereum address format`, a wrong EIP-55 checksum, an address no one holds), then, for a valid ' +
        "address, `isContract` (code at the address, `eth_getCode`) and `isSafeWallet` (it answers Safe's " +
        '`getThreshold()` and `getOwners()`; `safe` shows them) on `chain` (default `base`). `warnings`: an address ' +
        "without checksum, a contract that is not a Safe. Nothing is stored. 503 when the chain's node does not answer.",
    successStatus: 200,
    access: { table: 'read', chainRpc: true },
    request: { body: VerifyAddressBody },
    responses: { 200: AddressVerificationSchema },
    examples: {
      responses: {
        400: { error: 'chain: Unsupported chain polygon; this deployment reads base' },
      },
    },
    refusals: [NODE_UNANSWERED],
  }),
} satisfies Record<string, RouteDefinition>;
