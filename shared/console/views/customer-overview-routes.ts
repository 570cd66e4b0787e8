import { CustomerOverviewSchema } from '#shared/console/views/view-schemas.ts';
import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import { CustomerIdParams } from '#shared/routing/schemas.ts';

/**
 * A customer's page (shared/console/README.md, "Views"): alone in its module, as it is the one view built of the
 * customers', banks' and wallets' schemas. Spread into the console's rows (`routes.ts`).
 */
const sessionRoute = { auth: true, tag: 'Console' } as const;

export const customerOverviewRoutes = defineRoutes('console', {
  consoleGetCustomerOverview: {
    ...sessionRoute,
    console: { permission: 'read' },
    features: ['customers'],
    method: 'GET',
    path: '/api/console/customers/{customerId}/overview',
    handler: 'functions/api/console/get-customer-overview.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { params: CustomerIdParams },
    responses: { 200: CustomerOverviewSchema },
    refusals: [CUSTOMER_NOT_FOUND],
  },
});
