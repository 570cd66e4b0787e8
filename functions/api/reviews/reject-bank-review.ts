import { apiHandler } from '#shared/http/api-handler.ts';
import { reviewQueueRoutes } from '#shared/reviews/queue-routes.ts';
import { rejectBankReview } from '#shared/reviews/reject-bank-review.ts';

export const handler = apiHandler(reviewQueueRoutes.consoleRejectBankReview, ({ deps, actor, params, body }) =>
  rejectBankReview(deps, actor, { bankId: params.bankId, reason: body.reason }),
);
