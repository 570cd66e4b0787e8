import { apiHandler } from '#shared/http/api-handler.ts';
import { reviewQueueRoutes } from '#shared/reviews/queue-routes.ts';
import { rejectVirtualAccountReview } from '#shared/reviews/reject-virtual-account-review.ts';

export const handler = apiHandler(
  reviewQueueRoutes.consoleRejectVirtualAccountReview,
  ({ deps, actor, params, body }) =>
    rejectVirtualAccountReview(deps, actor, { virtualAccountId: params.virtualAccountId, reason: body.reason }),
);
