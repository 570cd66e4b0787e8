import { apiHandler } from '#shared/http/api-handler.ts';
import { decideBankAsReviewer } from '#shared/reviews/decide-bank.ts';
import { reviewQueueRoutes } from '#shared/reviews/queue-routes.ts';

export const handler = apiHandler(reviewQueueRoutes.consoleRejectBankReview, ({ deps, actor, params, body }) =>
  decideBankAsReviewer(deps, actor, { bankId: params.bankId, to: 'REJECTED', reason: body.reason }),
);
