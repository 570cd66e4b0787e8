import { apiHandler } from '#shared/http/api-handler.ts';
import { approveVirtualAccountReview } from '#shared/reviews/approve-virtual-account-review.ts';
import { reviewQueueRoutes } from '#shared/reviews/queue-routes.ts';

export const handler = apiHandler(reviewQueueRoutes.consoleApproveVirtualAccountReview, ({ deps, actor, params }) =>
  approveVirtualAccountReview(deps, actor, params.virtualAccountId),
);
