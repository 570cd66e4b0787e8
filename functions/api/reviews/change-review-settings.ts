import { apiHandler } from '#shared/http/api-handler.ts';
import { changeReviewSettings } from '#shared/reviews/change-review-settings.ts';
import { reviewRoutes } from '#shared/reviews/kyc-review-routes.ts';

export const handler = apiHandler(reviewRoutes.consoleChangeReviewSettings, ({ deps, actor, body }) =>
  changeReviewSettings(deps, actor, body),
);
