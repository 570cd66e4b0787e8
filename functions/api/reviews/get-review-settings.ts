import { apiHandler } from '#shared/http/api-handler.ts';
import { getReviewSettingsOf } from '#shared/reviews/review-settings.ts';
import { reviewRoutes } from '#shared/reviews/routes.ts';

export const handler = apiHandler(reviewRoutes.consoleGetReviewSettings, ({ deps, actor }) =>
  getReviewSettingsOf(deps, actor),
);
