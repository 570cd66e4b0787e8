import { z } from 'zod';
import { BankSchema, CreateBankBody, CustomerBankParams, SandboxRejectBankBody } from '#shared/banks/schemas.ts';
import {
  AddressSchema,
  CreateCustomerBody,
  CustomerIdParams,
  CustomerSchema,
  KycLinkSchema,
  SandboxKycApproveBody,
} from '#shared/customers/schemas.ts';
import { PaginationQuery } from '#shared/http/pagination.ts';
import { defineRoute, type RouteDefinition } from '#shared/http/route.ts';
import {
  CreateWalletBody,
  CustomerWalletParams,
  DeletedSchema,
  ListWalletsQuery,
  UpdateWalletBody,
  WalletListSchema,
  WalletSchema,
} from '#shared/wallets/schemas.ts';

/**
 * The route table: the single source for the CDK stack (one Lambda per route, its permissions), the local
 * server (dispatch) and the OpenAPI document. Adding an endpoint is a handler file, a use case and a row here.
 */
const ErrorSchema = z.object({ error: z.string() });
const NoBody = z.strictObject({});

const customerRoute = { auth: true, features: ['customers'], tag: 'Customers' } as const;
const sandboxRoute = { auth: true, sandboxOnly: true, tag: 'Sandbox' } as const;
const bankRoute = { ...customerRoute, tag: 'Withdrawal banks' } as const;
const walletRoute = { ...customerRoute, tag: 'Wallets and deposits' } as const;

export const routes = {
  health: defineRoute({
    operationId: 'health',
    method: 'GET',
    path: '/api/v2/health',
    handler: 'functions/api/health/get-health.ts',
    summary: 'Service health',
    tag: 'Health',
    auth: false,
    successStatus: 200,
    access: { table: 'none' },
    responses: { 200: z.object({ status: z.literal('ok') }) },
  }),

  createCustomer: defineRoute({
    ...customerRoute,
    operationId: 'createCustomer',
    method: 'POST',
    path: '/api/v2/customers',
    handler: 'functions/api/customers/create-customer.ts',
    summary: 'Create a customer',
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { body: CreateCustomerBody },
    responses: { 201: CustomerSchema, 400: ErrorSchema },
  }),
  listCustomers: defineRoute({
    ...customerRoute,
    operationId: 'listCustomers',
    method: 'GET',
    path: '/api/v2/customers',
    handler: 'functions/api/customers/list-customers.ts',
    summary: 'List customers, newest first',
    successStatus: 200,
    access: { table: 'read' },
    request: { query: z.strictObject({ ...PaginationQuery }) },
    responses: { 200: z.array(CustomerSchema) },
  }),
  getCustomer: defineRoute({
    ...customerRoute,
    operationId: 'getCustomer',
    method: 'GET',
    path: '/api/v2/customers/{customerId}',
    handler: 'functions/api/customers/get-customer.ts',
    summary: 'Get a customer',
    successStatus: 200,
    access: { table: 'read' },
    request: { params: CustomerIdParams },
    responses: { 200: CustomerSchema, 404: ErrorSchema },
  }),
  initiateKyc: defineRoute({
    ...customerRoute,
    operationId: 'initiateKyc',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/kyc',
    handler: 'functions/api/customers/initiate-kyc.ts',
    summary: 'Start KYC and get the hosted verification link',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: NoBody },
    responses: { 200: KycLinkSchema, 400: ErrorSchema, 404: ErrorSchema },
  }),
  getKycAddress: defineRoute({
    ...customerRoute,
    operationId: 'getKycAddress',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/kyc/address',
    handler: 'functions/api/customers/get-kyc-address.ts',
    summary: "Get the customer's verified address",
    successStatus: 200,
    access: { table: 'read' },
    request: { params: CustomerIdParams },
    responses: { 200: AddressSchema, 403: ErrorSchema, 404: ErrorSchema },
  }),

  sandboxApproveKyc: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxApproveKyc',
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/kyc/approve',
    handler: 'functions/api/sandbox/approve-kyc.ts',
    summary: 'Sandbox: approve KYC with a verified name and address',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: SandboxKycApproveBody },
    responses: { 200: CustomerSchema, 404: ErrorSchema, 409: ErrorSchema },
  }),
  sandboxRejectKyc: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxRejectKyc',
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/kyc/reject',
    handler: 'functions/api/sandbox/reject-kyc.ts',
    summary: 'Sandbox: reject KYC',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: NoBody },
    responses: { 200: CustomerSchema, 404: ErrorSchema, 409: ErrorSchema },
  }),

  // Withdrawal banks (issue 3): a customer's bank accounts, their deposit wallets, and the sandbox review.
  createWithdrawalBank: defineRoute({
    ...bankRoute,
    operationId: 'createWithdrawalBank',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/withdrawal/banks',
    handler: 'functions/api/banks/create-bank.ts',
    summary: 'Add a withdrawal bank, with one deposit wallet per supported chain',
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: CreateBankBody },
    responses: { 201: BankSchema, 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
  }),
  listWithdrawalBanks: defineRoute({
    ...bankRoute,
    operationId: 'listWithdrawalBanks',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/withdrawal/banks',
    handler: 'functions/api/banks/list-banks.ts',
    summary: "List a customer's withdrawal banks, newest first",
    successStatus: 200,
    access: { table: 'read' },
    request: { params: CustomerIdParams, query: z.strictObject({ ...PaginationQuery }) },
    responses: { 200: z.array(BankSchema), 404: ErrorSchema },
  }),
  getWithdrawalBank: defineRoute({
    ...bankRoute,
    operationId: 'getWithdrawalBank',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/withdrawal/banks/{bankId}',
    handler: 'functions/api/banks/get-bank.ts',
    summary: 'Get a withdrawal bank',
    successStatus: 200,
    access: { table: 'read' },
    request: { params: CustomerBankParams },
    responses: { 200: BankSchema, 404: ErrorSchema },
  }),
  sandboxApproveWithdrawalBank: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxApproveWithdrawalBank',
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/withdrawal/banks/{bankId}/approve',
    handler: 'functions/api/sandbox/approve-bank.ts',
    summary: 'Sandbox: approve a PENDING withdrawal bank (it becomes ACTIVE, its deposit wallets enabled)',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerBankParams, body: NoBody },
    responses: { 200: BankSchema, 404: ErrorSchema, 409: ErrorSchema },
  }),
  sandboxRejectWithdrawalBank: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxRejectWithdrawalBank',
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/withdrawal/banks/{bankId}/reject',
    handler: 'functions/api/sandbox/reject-bank.ts',
    summary: 'Sandbox: reject a PENDING withdrawal bank, optionally with a reason',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerBankParams, body: SandboxRejectBankBody },
    responses: { 200: BankSchema, 404: ErrorSchema, 409: ErrorSchema },
  }),

  // Wallets, deposit details, virtual accounts and inbound deposits (issue 5).
  listCustomerWallets: defineRoute({
    ...walletRoute,
    operationId: 'listCustomerWallets',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/deposit/wallets',
    handler: 'functions/api/wallets/list-wallets.ts',
    summary: "List a customer's wallets: bank deposit wallets and destination wallets",
    successStatus: 200,
    access: { table: 'read' },
    request: { params: CustomerIdParams, query: ListWalletsQuery },
    responses: { 200: WalletListSchema, 400: ErrorSchema, 404: ErrorSchema },
  }),
  createCustomerWallet: defineRoute({
    ...walletRoute,
    operationId: 'createCustomerWallet',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/deposit/wallets',
    handler: 'functions/api/wallets/create-wallet.ts',
    summary: "Add a destination wallet: the customer's own address for on-ramp deposits",
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: CreateWalletBody },
    responses: { 201: WalletSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
  }),
  getCustomerWallet: defineRoute({
    ...walletRoute,
    operationId: 'getCustomerWallet',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/deposit/wallets/{walletId}',
    handler: 'functions/api/wallets/get-wallet.ts',
    summary: 'Get a wallet',
    successStatus: 200,
    access: { table: 'read' },
    request: { params: CustomerWalletParams },
    responses: { 200: WalletSchema, 404: ErrorSchema },
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
    responses: { 200: WalletSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
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
    responses: { 200: DeletedSchema, 404: ErrorSchema, 409: ErrorSchema },
  }),
} satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof routes;
export const routeList: readonly RouteDefinition[] = Object.values(routes);

/** Unknown paths answer this, locally and behind API Gateway's `$default` route. */
export const NOT_FOUND_HANDLER = 'functions/api/not-found.ts';
