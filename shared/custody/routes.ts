import { CustodyReconciliationSchema } from '#shared/custody/schemas.ts';
import { consoleReadable, customerRoute, NoBody } from '#shared/routing/presets.ts';
import { defineRoutes } from '#shared/routing/route.ts';

/** The custody rows of the route table (assembled in `#shared/routes.ts`). */
export const routes = defineRoutes('custody', {
  getCustodyReconciliation: {
    ...customerRoute,
    ...consoleReadable,
    tag: 'Developer fees and balances',
    method: 'GET',
    path: '/api/v2/custody/reconciliation',
    handler: 'functions/api/custody/get-custody-reconciliation.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, chainRpc: true },
    request: { query: NoBody },
    responses: { 200: CustodyReconciliationSchema },
  },
});
