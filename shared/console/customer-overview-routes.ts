import { CustomerOverviewSchema } from '#shared/console/view-schemas.ts';
import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { defineRoute, OPENAPI_PROSE } from '#shared/routing/route.ts';
import { CustomerIdParams } from '#shared/routing/schemas.ts';

/**
 * A customer's page (shared/console/README.md, "Views"): alone in its module, as it is the one view built of the
 * customers', banks' and wallets' schemas. Spread into the console's rows (`routes.ts`).
 */
const sessionRoute = { auth: true, tag: 'Console' } as const;

export const customerOverviewRoutes = {
  consoleGetCustomerOverview: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    features: ['customers'],
    operationId: 'consoleGetCustomerOverview',
    method: 'GET',
    path: '/api/console/customers/{customerId}/overview',
    handler: 'functions/api/console/get-customer-overview.ts',
    summary: OPENAPI_PROSE
      ? "A customer's page: the customer and KYC, banks, wallets, USDC balance and first transactions"
      : '',
    description:
      OPENAPI_PROSE &&
      'Each part is what its `/api/v2` operation answers (get customer, list banks, list wallets, balance, list ' +
        'transactions), gathered in one call; further transactions through `GET /api/v2/customers/{customerId}/' +
        'transactions?cursor=<transactionsNextCursor>` with the session.',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { params: CustomerIdParams },
    responses: { 200: CustomerOverviewSchema },
    refusals: [CUSTOMER_NOT_FOUND],
  }),
};
