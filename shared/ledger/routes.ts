import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { AllowanceSchema, BalanceSchema, SandboxAllowanceBody } from '#shared/ledger/schemas.ts';
import { consoleReadable, customerRoute, sandboxRoute } from '#shared/routing/presets.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import { CustomerIdParams } from '#shared/routing/schemas.ts';

/** The ledger rows of the route table: balances and the allowance (assembled in `#shared/routes.ts`). */
export const routes = defineRoutes('ledger', {
  getCustomerBalance: {
    ...customerRoute,
    ...consoleReadable,
    tag: 'Withdrawals',
    method: 'GET',
    path: '/api/v2/customers/{customerId}/balance',
    handler: 'functions/api/ledger/get-customer-balance.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { params: CustomerIdParams },
    responses: { 200: BalanceSchema },
    refusals: [CUSTOMER_NOT_FOUND],
  },
  getWithdrawalAllowance: {
    ...customerRoute,
    ...consoleReadable,
    tag: 'Withdrawals',
    method: 'GET',
    path: '/api/v2/customers/withdrawal/allowance',
    handler: 'functions/api/ledger/get-allowance.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    responses: { 200: AllowanceSchema },
  },
  sandboxSetAllowance: {
    ...sandboxRoute,
    method: 'POST',
    path: '/api/v2/sandbox/allowance',
    handler: 'functions/api/ledger/set-allowance.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { body: SandboxAllowanceBody },
    responses: { 200: AllowanceSchema },
  },
});
