import { apiHandler } from '#shared/http/api-handler.ts';
import { decideVirtualAccountAsReviewer } from '#shared/reviews/decide-virtual-account.ts';
import { reviewQueueRoutes } from '#shared/reviews/queue-routes.ts';

export const handler = apiHandler(
  reviewQueueRoutes.consoleRejectVirtualAccountReview,
  ({ deps, actor, params, body }) =>
    decideVirtualAccountAsReviewer(deps, actor, {
      virtualAccountId: params.virtualAccountId,
      to: 'REJECTED',
      reason: body.reason,
    }),
);
