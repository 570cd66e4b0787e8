import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { AllowanceSchema, BalanceSchema, SandboxAllowanceBody } from '#shared/ledger/schemas.ts';
import { consoleReadable, customerRoute, sandboxRoute } from '#shared/routing/presets.ts';
import { defineRoute, type RouteDefinition } from '#shared/routing/route.ts';
import { CustomerIdParams } from '#shared/routing/schemas.ts';

/** The ledger rows of the route table: balances and the allowance (assembled in `#shared/routes.ts`). */
export const routes = {
  getCustomerBalance: defineRoute({
    ...customerRoute,
    ...consoleReadable,
    tag: 'Withdrawals',
    operationId: 'getCustomerBalance',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/balance',
    handler: 'functions/api/ledger/get-customer-balance.ts',
    summary: "Get the customer's USDC balance (available and locked)",
    description:
      '`balance` = `availableBalance` + `lockedBalance`; locked is what withdrawals in progress hold. Decimal strings.',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { params: CustomerIdParams },
    responses: { 200: BalanceSchema },
    refusals: [CUSTOMER_NOT_FOUND],
  }),
  getWithdrawalAllowance: defineRoute({
    ...customerRoute,
    ...consoleReadable,
    tag: 'Withdrawals',
    operationId: 'getWithdrawalAllowance',
    method: 'GET',
    path: '/api/v2/customers/withdrawal/allowance',
    handler: 'functions/api/ledger/get-allowance.ts',
    summary: "Get the organization's API withdrawal allowance",
    description:
      'API withdrawals within the allowance execute at once; beyond it they become proposals that need signatures. ' +
      '`enabled` is the `apiWithdrawals` feature.',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    responses: { 200: AllowanceSchema },
  }),
  sandboxSetAllowance: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxSetAllowance',
    method: 'POST',
    path: '/api/v2/sandbox/allowance',
    handler: 'functions/api/ledger/set-allowance.ts',
    summary: 'Sandbox: set the withdrawal allowance and start a new period',
    description: 'Starts a new period with nothing spent. A limit of `"0"` turns every API withdrawal into a proposal.',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { body: SandboxAllowanceBody },
    responses: { 200: AllowanceSchema },
  }),
} satisfies Record<string, RouteDefinition>;
