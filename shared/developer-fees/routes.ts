import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import {
  BalancesSchema,
  ClaimDeveloperFeesBody,
  CustomerDeveloperFeesSchema,
  DeveloperFeeClaimSchema,
  NOTHING_TO_CLAIM,
  OrganizationDeveloperFeesSchema,
  UpdateCustomerDeveloperFeesBody,
} from '#shared/developer-fees/schemas.ts';
import { consoleReadable, customerRoute, NoBody } from '#shared/routing/presets.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import { CustomerIdParams } from '#shared/routing/schemas.ts';

const feesRoute = { ...customerRoute, tag: 'Developer fees and balances' } as const;

/** The developer fees and balances rows of the route table (assembled in `#shared/routes.ts`). */
export const routes = defineRoutes('developer-fees', {
  getCustomerDeveloperFees: {
    ...feesRoute,
    ...consoleReadable,
    method: 'GET',
    path: '/api/v2/customers/{customerId}/developer-fees',
    handler: 'functions/api/developer-fees/get-customer-developer-fees.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { params: CustomerIdParams },
    responses: { 200: CustomerDeveloperFeesSchema },
    refusals: [CUSTOMER_NOT_FOUND],
  },
  updateCustomerDeveloperFees: {
    ...feesRoute,
    method: 'PATCH',
    path: '/api/v2/customers/{customerId}/developer-fees',
    handler: 'functions/api/developer-fees/update-customer-developer-fees.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: UpdateCustomerDeveloperFeesBody },
    responses: { 200: CustomerDeveloperFeesSchema },
    refusals: [CUSTOMER_NOT_FOUND],
  },
  getDeveloperFees: {
    ...feesRoute,
    ...consoleReadable,
    method: 'GET',
    path: '/api/v2/developer-fees',
    handler: 'functions/api/developer-fees/get-developer-fees.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    responses: { 200: OrganizationDeveloperFeesSchema },
  },
  claimDeveloperFees: {
    ...feesRoute,
    method: 'POST',
    path: '/api/v2/developer-fees',
    handler: 'functions/api/developer-fees/claim-developer-fees.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { body: ClaimDeveloperFeesBody },
    responses: { 200: DeveloperFeeClaimSchema },
    refusals: [NOTHING_TO_CLAIM],
  },
  getBalances: {
    ...feesRoute,
    ...consoleReadable,
    method: 'GET',
    path: '/api/v2/balances',
    handler: 'functions/api/developer-fees/get-balances.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, chainRpc: true },
    request: { query: NoBody },
    responses: { 200: BalancesSchema },
  },
});
