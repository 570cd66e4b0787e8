import { TransactionIdParams } from '#shared/console/common/schemas.ts';
import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { consoleReadable, sandboxRoute } from '#shared/routing/presets.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import { CustomerIdParams } from '#shared/routing/schemas.ts';
import { TransactionParams, TransactionResponseSchema } from '#shared/transactions/schemas.ts';
import { TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';
import { PROOF_REFUSED } from '#shared/travel-rule/travel-rule-rules.ts';
import { CompleteOriginatorBody, MissingOriginatorsSchema } from '#shared/treasury/deposit-travel-rule-schemas.ts';
import {
  FeeWalletSchema,
  ProveWalletOwnershipBody,
  RegisterFeeWalletBody,
  SandboxOnRampBody,
  TravelRuleSchema,
  TreasurySendSchema,
  WaitingSendsSchema,
  WalletOwnershipSchema,
  WithdrawDeveloperFeesBody,
} from '#shared/treasury/schemas.ts';
import {
  INSUFFICIENT_CUSTODIAL_BALANCE,
  NO_FEE_WALLET,
  NO_TREASURY,
  ORIGINATOR_ALREADY_COMPLETE,
  ORIGINATOR_NOT_GIVEN,
  OWNERSHIP_SIGNATURE_REQUIRED,
  TRAVEL_RULE_NOT_FOUND,
} from '#shared/treasury/treasury-rules.ts';
import * as z from '#shared/validation/zod.ts';
import { CustomerWalletParams } from '#shared/wallets/schemas.ts';
import { WALLET_NOT_FOUND } from '#shared/wallets/wallet-rules.ts';

const feesRoute = { auth: true, tag: 'Developer fees and balances' } as const;
const travelRuleRoute = { auth: true, features: ['customers'], tag: 'Wallets and deposits' } as const;

/**
 * The treasury's rows of the route table (assembled in `#shared/routes.ts`): the organization's fee wallet and its
 * fee withdrawals out of the treasury, and the Travel Rule data of the crypto legs (a transaction's, the proof of a
 * self-hosted wallet, the auditor's export).
 */
export const routes = defineRoutes('treasury', {
  consoleRegisterFeeWallet: {
    auth: true,
    tag: 'Console',
    console: { permission: 'settings' },
    method: 'POST',
    path: '/api/console/fee-wallets',
    handler: 'functions/api/treasury/register-fee-wallet.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { body: RegisterFeeWalletBody },
    responses: { 200: FeeWalletSchema },
  },
  withdrawDeveloperFees: {
    ...feesRoute,
    method: 'POST',
    path: '/api/v2/developer-fees/withdrawals',
    handler: 'functions/api/treasury/withdraw-developer-fees.ts',
    successStatus: 202,
    access: { table: 'readwrite' },
    request: { body: WithdrawDeveloperFeesBody },
    responses: { 202: TreasurySendSchema },
    refusals: [NO_FEE_WALLET, INSUFFICIENT_CUSTODIAL_BALANCE, NO_TREASURY],
  },
  getTransactionTravelRule: {
    ...travelRuleRoute,
    ...consoleReadable,
    method: 'GET',
    path: '/api/v2/customers/{customerId}/transactions/{transactionId}/travel-rule',
    handler: 'functions/api/treasury/get-transaction-travel-rule.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, chainRpc: true },
    request: { params: TransactionParams },
    responses: { 200: TravelRuleSchema },
    refusals: [CUSTOMER_NOT_FOUND, TRAVEL_RULE_NOT_FOUND],
  },
  completeDepositOriginator: {
    ...travelRuleRoute,
    method: 'POST',
    path: '/api/v2/customers/{customerId}/transactions/{transactionId}/travel-rule/originator',
    handler: 'functions/api/treasury/complete-deposit-originator.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: TransactionParams, body: CompleteOriginatorBody },
    responses: { 200: TravelRuleSchema },
    refusals: [
      CUSTOMER_NOT_FOUND,
      TRAVEL_RULE_NOT_FOUND,
      ORIGINATOR_ALREADY_COMPLETE,
      ORIGINATOR_NOT_GIVEN,
      OWNERSHIP_SIGNATURE_REQUIRED,
      PROOF_REFUSED,
    ],
  },
  listMissingOriginators: {
    ...travelRuleRoute,
    ...consoleReadable,
    method: 'GET',
    path: '/api/v2/travel-rule/missing-originators',
    handler: 'functions/api/treasury/list-missing-originators.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    responses: { 200: MissingOriginatorsSchema },
  },
  consoleGetTransactionTravelRule: {
    auth: true,
    tag: 'Console',
    console: { permission: 'read' },
    features: ['customers'],
    method: 'GET',
    path: '/api/console/transactions/{transactionId}/travel-rule',
    handler: 'functions/api/treasury/get-console-travel-rule.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, chainRpc: true },
    request: { params: TransactionIdParams },
    responses: { 200: TravelRuleSchema },
    refusals: [TRANSACTION_NOT_FOUND, TRAVEL_RULE_NOT_FOUND],
  },
  getWalletOwnership: {
    ...travelRuleRoute,
    ...consoleReadable,
    method: 'GET',
    path: '/api/v2/customers/{customerId}/deposit/wallets/{walletId}/ownership-proof',
    handler: 'functions/api/treasury/get-wallet-ownership.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { params: CustomerWalletParams },
    responses: { 200: WalletOwnershipSchema },
    refusals: [CUSTOMER_NOT_FOUND, WALLET_NOT_FOUND],
  },
  proveWalletOwnership: {
    ...travelRuleRoute,
    method: 'POST',
    path: '/api/v2/customers/{customerId}/deposit/wallets/{walletId}/ownership-proof',
    handler: 'functions/api/treasury/prove-wallet-ownership.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerWalletParams, body: ProveWalletOwnershipBody },
    responses: { 200: WalletOwnershipSchema },
    refusals: [CUSTOMER_NOT_FOUND, WALLET_NOT_FOUND, PROOF_REFUSED],
  },
  sandboxSendOnRampDeposit: {
    ...sandboxRoute,
    method: 'POST',
    path: '/api/v2/sandbox/customers/{customerId}/onramp',
    handler: 'functions/api/treasury/send-onramp-deposit.ts',
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: SandboxOnRampBody },
    responses: { 201: TransactionResponseSchema },
    refusals: [CUSTOMER_NOT_FOUND, WALLET_NOT_FOUND, NO_TREASURY],
  },
  consoleListWaitingSends: {
    auth: true,
    tag: 'Console',
    console: { permission: 'read' },
    method: 'GET',
    path: '/api/console/treasury-sends/waiting',
    handler: 'functions/api/treasury/list-waiting-sends.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    responses: { 200: WaitingSendsSchema },
  },
  consoleExportTravelRule: {
    auth: true,
    tag: 'Console',
    console: { permission: 'audit' },
    method: 'GET',
    path: '/api/console/exports/travel-rule',
    handler: 'functions/api/treasury/export-travel-rule.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, chainRpc: true },
    produces: ['application/x-ndjson'],
    responses: { 200: z.string() },
  },
});
