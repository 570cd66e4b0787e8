import { CustomersBalanceQuery, CustomersBalanceSchema, HomeSchema } from '#shared/console/views/home-view-schemas.ts';
import { ReconciliationQuery, ReconciliationSchema } from '#shared/console/views/reconciliation-view-schemas.ts';
import { defineRoutes } from '#shared/routing/route.ts';

/**
 * The console's read-only views of the organization's money (shared/console/README.md, "Views"): the home page,
 * the customers' balances and the reconciliation; the transactions' views are `transaction-view-routes.ts`. Spread
 * into the console's rows (`routes.ts`).
 */
const sessionRoute = { auth: true, tag: 'Console' } as const;

export const homeViewRoutes = defineRoutes('console', {
  consoleGetHome: {
    ...sessionRoute,
    console: { permission: 'read' },
    method: 'GET',
    path: '/api/console/home',
    handler: 'functions/api/console/get-home.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1', 'gsi2', 'gsi3'] },
    responses: { 200: HomeSchema },
  },
  consoleGetCustomersBalance: {
    ...sessionRoute,
    console: { permission: 'read' },
    features: ['customers'],
    method: 'GET',
    path: '/api/console/balances/customers',
    handler: 'functions/api/console/get-customers-balance.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { query: CustomersBalanceQuery },
    responses: { 200: CustomersBalanceSchema },
  },
});

export const reconciliationViewRoutes = defineRoutes('console', {
  consoleListReconciliation: {
    ...sessionRoute,
    console: { permission: 'read' },
    method: 'GET',
    path: '/api/console/reconciliation',
    handler: 'functions/api/console/list-reconciliation.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1', 'gsi3'] },
    request: { query: ReconciliationQuery },
    responses: { 200: ReconciliationSchema },
  },
});
