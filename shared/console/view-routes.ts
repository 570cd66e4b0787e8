import { CustomersBalanceQuery, CustomersBalanceSchema, HomeSchema } from '#shared/console/home-view-schemas.ts';
import { ReconciliationQuery, ReconciliationSchema } from '#shared/console/reconciliation-view-schemas.ts';
import { defineRoute, OPENAPI_PROSE } from '#shared/routing/route.ts';

/**
 * The console's read-only views of the organization's money (shared/console/README.md, "Views"): the home page,
 * the customers' balances and the reconciliation; the transactions' views are `transaction-view-routes.ts`. Spread
 * into the console's rows (`routes.ts`).
 */
const sessionRoute = { auth: true, tag: 'Console' } as const;

export const homeViewRoutes = {
  consoleGetHome: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    operationId: 'consoleGetHome',
    method: 'GET',
    path: '/api/console/home',
    handler: 'functions/api/console/get-home.ts',
    summary: OPENAPI_PROSE
      ? 'The home page: awaiting approval, in flight by rail, recent failures, volumes per day, balances, alarms'
      : '',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1', 'gsi2', 'gsi3'] },
    responses: { 200: HomeSchema },
  }),
  consoleGetCustomersBalance: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    features: ['customers'],
    operationId: 'consoleGetCustomersBalance',
    method: 'GET',
    path: '/api/console/balances/customers',
    handler: 'functions/api/console/get-customers-balance.ts',
    summary: OPENAPI_PROSE ? "The customers' total balance, summed when read, a page of up to 1,000 customers" : '',
    description:
      OPENAPI_PROSE &&
      'No total is kept (it would be one item every withdrawal writes): each call reads a page of the ' +
        "organization's customers and their balances and answers their sum, as of `asOf`. Follow `nextCursor` " +
        'until it is null and add the pages: the total of every customer.',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { query: CustomersBalanceQuery },
    responses: { 200: CustomersBalanceSchema },
  }),
};

export const reconciliationViewRoutes = {
  consoleListReconciliation: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    operationId: 'consoleListReconciliation',
    method: 'GET',
    path: '/api/console/reconciliation',
    handler: 'functions/api/console/list-reconciliation.ts',
    summary: OPENAPI_PROSE
      ? "Reconciliation: each bank report's facts applied or quarantined (with the reason), and payouts awaiting one"
      : '',
    description:
      OPENAPI_PROSE &&
      'Reports newest first, paged with `limit` and `cursor` (`nextCursor`, null on the last page); a report is ' +
        'listed for each organization whose payouts it names. `awaitingReport`: up to 200 payouts PROCESSING in a ' +
        'payment file.',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1', 'gsi3'] },
    request: { query: ReconciliationQuery },
    responses: { 200: ReconciliationSchema },
  }),
};
