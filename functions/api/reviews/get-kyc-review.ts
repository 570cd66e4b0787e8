import { apiHandler } from '#shared/http/api-handler.ts';
import { getKycReviewOf } from '#shared/reviews/get-kyc-review.ts';
import { reviewRoutes } from '#shared/reviews/kyc-review-routes.ts';

export const handler = apiHandler(reviewRoutes.consoleGetKycReview, ({ deps, actor, params }) =>
  getKycReviewOf(deps, actor, params.customerId),
);
