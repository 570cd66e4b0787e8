import { apiHandler } from '#shared/http/api-handler.ts';
import { reviewRoutes } from '#shared/reviews/kyc-review-routes.ts';
import { rejectKycReview } from '#shared/reviews/reject-kyc-review.ts';

export const handler = apiHandler(reviewRoutes.consoleRejectKycReview, ({ deps, actor, params, body }) =>
  rejectKycReview(deps, actor, { customerId: params.customerId, ...body }),
);
