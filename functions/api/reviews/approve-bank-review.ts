import { apiHandler } from '#shared/http/api-handler.ts';
import { decideBankAsReviewer } from '#shared/reviews/decide-bank.ts';
import { reviewQueueRoutes } from '#shared/reviews/queue-routes.ts';

export const handler = apiHandler(reviewQueueRoutes.consoleApproveBankReview, ({ deps, actor, params }) =>
  decideBankAsReviewer(deps, actor, { bankId: params.bankId, to: 'ACTIVE' }),
);
