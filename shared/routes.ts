import { routes as bankRoutes } from '#shared/banks/routes.ts';
import { routes as consoleRoutes } from '#shared/console/routes.ts';
import { routes as custodyRoutes } from '#shared/custody/routes.ts';
import { routes as customerRoutes } from '#shared/customers/routes.ts';
import { routes as depositRoutes } from '#shared/deposits/routes.ts';
import { routes as developerFeeRoutes } from '#shared/developer-fees/routes.ts';
import { routes as docsRoutes } from '#shared/docs/routes.ts';
import { routes as healthRoutes } from '#shared/health/routes.ts';
import { withErrorResponses } from '#shared/http/api-handler.ts';
import { routes as kycProviderRoutes } from '#shared/kyc/routes.ts';
import { routes as ledgerRoutes } from '#shared/ledger/routes.ts';
import { routes as payoutOperationRoutes } from '#shared/payout-operations/routes.ts';
import { routes as payoutRoutes } from '#shared/payouts/routes.ts';
import { routes as quoteRoutes } from '#shared/quotes/routes.ts';
import { routes as reviewRoutes } from '#shared/reviews/routes.ts';
import type { RouteDefinition } from '#shared/routing/route.ts';
import { routes as screeningReviewRoutes } from '#shared/screening-review/routes.ts';
import { routes as transactionRoutes } from '#shared/transactions/routes.ts';
import { routes as treasuryRoutes } from '#shared/treasury/routes.ts';
import { routes as walletRoutes } from '#shared/wallets/routes.ts';
import { routes as webhookRoutes } from '#shared/webhooks/routes.ts';
import { routes as withdrawalRoutes } from '#shared/withdrawals/routes.ts';

/**
 * The route table: the single source for the CDK stacks (one Lambda per route, its permissions), the local
 * server (dispatch) and the OpenAPI document, assembled from the areas' rows. Adding an endpoint is a handler
 * file, a use case, a row in its area's `routes.ts` and its words in the area's `openapi-prose.ts`. A handler imports its own area's rows, never this index,
 * so its bundle carries only its area. Each row names its refusals; the table adds their statuses and the gates'.
 */
export const routes = withErrorResponses({
  ...healthRoutes,
  ...customerRoutes,
  ...docsRoutes,
  ...bankRoutes,
  ...webhookRoutes,
  ...kycProviderRoutes,
  ...withdrawalRoutes,
  ...transactionRoutes,
  ...ledgerRoutes,
  ...quoteRoutes,
  ...payoutRoutes,
  ...walletRoutes,
  ...depositRoutes,
  ...developerFeeRoutes,
  ...custodyRoutes,
  ...consoleRoutes,
  ...reviewRoutes,
  ...screeningReviewRoutes,
  ...treasuryRoutes,
  ...payoutOperationRoutes,
} satisfies Record<string, RouteDefinition>);

export type RouteName = keyof typeof routes;
export const routeList: readonly RouteDefinition[] = Object.values(routes);

/** Unknown paths answer this, locally and behind API Gateway's `$default` route. */
export const NOT_FOUND_HANDLER = 'functions/api/not-found.ts';
