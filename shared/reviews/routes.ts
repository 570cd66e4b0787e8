import { reviewRoutes } from '#shared/reviews/kyc-review-routes.ts';
import { reviewQueueRoutes } from '#shared/reviews/queue-routes.ts';

/**
 * The reviewers' rows of the route table (assembled in `#shared/routes.ts`), declared in two modules so a handler's
 * bundle carries only its own rows: KYC verdicts (`kyc-review-routes.ts`), banks and virtual accounts waiting
 * (`queue-routes.ts`).
 */
export const routes = { ...reviewRoutes, ...reviewQueueRoutes };
