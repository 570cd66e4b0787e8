import { CustodyReconciliationSchema } from '#shared/custody/schemas.ts';
import { consoleReadable, customerRoute, NoBody } from '#shared/routing/presets.ts';
import { defineRoute, OPENAPI_PROSE, type RouteDefinition } from '#shared/routing/route.ts';

/** The custody rows of the route table (assembled in `#shared/routes.ts`). */
export const routes = {
  getCustodyReconciliation: defineRoute({
    ...customerRoute,
    ...consoleReadable,
    tag: 'Developer fees and balances',
    operationId: 'getCustodyReconciliation',
    method: 'GET',
    path: '/api/v2/custody/reconciliation',
    handler: 'functions/api/custody/get-custody-reconciliation.ts',
    summary: 'Reconcile the USDC received at your deposit addresses with your treasury',
    description:
      OPENAPI_PROSE &&
      'Per chain with a treasury or deposits credited to forwarders: what was credited, what the sweeps moved to ' +
        'your treasury, what awaits its sweep, and the treasury’s USDC read on chain now. `balanced`: credited = ' +
        'swept + awaiting sweep; `treasuryHoldsSwept`: the treasury holds at least what was swept (false once you ' +
        'spend from it); `treasuryMovedAsSwept`: in each recent sweep checked, the treasury’s balance moved in the ' +
        'sweep’s block by exactly what the sweep recorded (`sweepsNotMatched` lists those that did not); `agree`: ' +
        'all three. Not part of Compose’s API.',
    successStatus: 200,
    access: { table: 'read', sessions: true, chainRpc: true },
    request: { query: NoBody },
    responses: { 200: CustodyReconciliationSchema },
  }),
} satisfies Record<string, RouteDefinition>;
