import { apiHandler } from '#shared/http/api-handler.ts';
import { pageReply } from '#shared/http/pagination.ts';
import { reviewRoutes } from '#shared/reviews/kyc-review-routes.ts';
import { listKycQueue } from '#shared/reviews/list-kyc-queue.ts';

export const handler = apiHandler(reviewRoutes.consoleListKycQueue, async ({ deps, actor, query, event }) =>
  pageReply(event, await listKycQueue(deps, actor.organization.organizationId, query)),
);
