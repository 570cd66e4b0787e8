import { apiHandler } from '#shared/http/api-handler.ts';
import { getReviewSettingsOf } from '#shared/reviews/get-review-settings.ts';
import { reviewRoutes } from '#shared/reviews/kyc-review-routes.ts';

export const handler = apiHandler(reviewRoutes.consoleGetReviewSettings, ({ deps, actor }) =>
  getReviewSettingsOf(deps, actor),
);
