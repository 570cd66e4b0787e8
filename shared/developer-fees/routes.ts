import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import {
  BalancesSchema,
  CLAIMED,
  ClaimDeveloperFeesBody,
  CustomerDeveloperFeesSchema,
  DeveloperFeeClaimSchema,
  NOTHING_TO_CLAIM,
  OrganizationDeveloperFeesSchema,
  UpdateCustomerDeveloperFeesBody,
} from '#shared/developer-fees/schemas.ts';
import { consoleReadable, customerRoute, NoBody } from '#shared/routing/presets.ts';
import { defineRoute, OPENAPI_PROSE, type RouteDefinition } from '#shared/routing/route.ts';
import { CustomerIdParams } from '#shared/routing/schemas.ts';

const feesRoute = { ...customerRoute, tag: 'Developer fees and balances' } as const;

/** The developer fees and balances rows of the route table (assembled in `#shared/routes.ts`). */
export const routes = {
  getCustomerDeveloperFees: defineRoute({
    ...feesRoute,
    ...consoleReadable,
    operationId: 'getCustomerDeveloperFees',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/developer-fees',
    handler: 'functions/api/developer-fees/get-customer-developer-fees.ts',
    summary: "Get a customer's developer fee rate",
    description: OPENAPI_PROSE && '0 until set with `PATCH`; `updatedAt` is then the customer’s creation time.',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { params: CustomerIdParams },
    responses: { 200: CustomerDeveloperFeesSchema },
    refusals: [CUSTOMER_NOT_FOUND],
  }),
  updateCustomerDeveloperFees: defineRoute({
    ...feesRoute,
    operationId: 'updateCustomerDeveloperFees',
    method: 'PATCH',
    path: '/api/v2/customers/{customerId}/developer-fees',
    handler: 'functions/api/developer-fees/update-customer-developer-fees.ts',
    summary: "Set a customer's developer fee rate",
    description:
      OPENAPI_PROSE &&
      'Your own fee on the customer’s transactions made from now on, in basis points (0-2500). A withdrawal pays ' +
        'it from its source amount: `targetAmount = roundDown((sourceAmount - fee - developerFee.amount) * ' +
        'exchangeRate, 2)`, with `developerFee.amount = roundDown((sourceAmount - fee) * bps / 10000, 6)`; it accrues ' +
        'to your developer fees when the payout completes (a failed one earns nothing). A deposit keeps it from the ' +
        'credited amount: the customer gets `targetAmount - developerFee.amount`, you get the rest at once. ' +
        'Each transaction keeps the rate it was made with. `GET /rates?customer_id=` quotes with it.',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: CustomerIdParams, body: UpdateCustomerDeveloperFeesBody },
    responses: { 200: CustomerDeveloperFeesSchema },
    refusals: [CUSTOMER_NOT_FOUND],
  }),
  getDeveloperFees: defineRoute({
    ...feesRoute,
    ...consoleReadable,
    operationId: 'getDeveloperFees',
    method: 'GET',
    path: '/api/v2/developer-fees',
    handler: 'functions/api/developer-fees/get-developer-fees.ts',
    summary: 'Get your accrued developer fees',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    responses: { 200: OrganizationDeveloperFeesSchema },
  }),
  claimDeveloperFees: defineRoute({
    ...feesRoute,
    operationId: 'claimDeveloperFees',
    method: 'POST',
    path: '/api/v2/developer-fees',
    handler: 'functions/api/developer-fees/claim-developer-fees.ts',
    summary: 'Claim your developer fees to your organization balance',
    description:
      OPENAPI_PROSE &&
      'Moves the accrued fees (all of them, or `amount`) to your custodial USDC balance (`GET /balances`) at once, ' +
        'and sends `developer_fees.claimed` with the claim’s `transactionId`. Nothing accrued: 400 ' +
        `\`${NOTHING_TO_CLAIM.message}\`; more than accrued: 400. Of two claims at the same moment, the second gets what ` +
        'the first left.',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { body: ClaimDeveloperFeesBody },
    responses: { 200: DeveloperFeeClaimSchema },
    refusals: [NOTHING_TO_CLAIM],
    examples: { request: {} },
  }),
  getBalances: defineRoute({
    ...feesRoute,
    ...consoleReadable,
    operationId: 'getBalances',
    method: 'GET',
    path: '/api/v2/balances',
    handler: 'functions/api/developer-fees/get-balances.ts',
    summary: "Get your organization's own balances",
    description:
      OPENAPI_PROSE &&
      'Custodial: the USDC the service holds for your organization, which is the developer fees you claimed ' +
        `(\`${CLAIMED}\`). Your customers' balances are theirs, not in this figure. Non-custodial: your ` +
        "organization's treasury (the address its deposit addresses are swept to; Base's when there is one) and " +
        'the USDC it holds on each chain, read on chain; `address` is null and `balances` empty without a treasury.',
    successStatus: 200,
    access: { table: 'read', sessions: true, chainRpc: true },
    request: { query: NoBody },
    responses: { 200: BalancesSchema },
  }),
} satisfies Record<string, RouteDefinition>;
