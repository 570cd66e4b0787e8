import { apiHandler } from '#shared/http/api-handler.ts';
import { decideVirtualAccountAsReviewer } from '#shared/reviews/decide-virtual-account.ts';
import { reviewQueueRoutes } from '#shared/reviews/queue-routes.ts';

export const handler = apiHandler(reviewQueueRoutes.consoleApproveVirtualAccountReview, ({ deps, actor, params }) =>
  decideVirtualAccountAsReviewer(deps, actor, { virtualAccountId: params.virtualAccountId, to: 'ACTIVE' }),
);
