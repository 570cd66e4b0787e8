import { apiHandler } from '#shared/http/api-handler.ts';
import { approveKycReview } from '#shared/reviews/approve-kyc-review.ts';
import { reviewRoutes } from '#shared/reviews/kyc-review-routes.ts';

export const handler = apiHandler(reviewRoutes.consoleApproveKycReview, ({ deps, actor, params, body }) =>
  approveKycReview(deps, actor, { customerId: params.customerId, ...body }),
);
