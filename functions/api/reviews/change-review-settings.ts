import { apiHandler } from '#shared/http/api-handler.ts';
import { changeReviewSettings } from '#shared/reviews/review-settings.ts';
import { reviewRoutes } from '#shared/reviews/routes.ts';

export const handler = apiHandler(reviewRoutes.consoleChangeReviewSettings, ({ deps, actor, body }) =>
  changeReviewSettings(deps, actor, body),
);
