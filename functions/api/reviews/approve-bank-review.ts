import { apiHandler } from '#shared/http/api-handler.ts';
import { approveBankReview } from '#shared/reviews/approve-bank-review.ts';
import { reviewQueueRoutes } from '#shared/reviews/queue-routes.ts';

export const handler = apiHandler(reviewQueueRoutes.consoleApproveBankReview, ({ deps, actor, params }) =>
  approveBankReview(deps, actor, params.bankId),
);
