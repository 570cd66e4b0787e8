import { apiHandler } from '#shared/http/api-handler.ts';
import { listVirtualAccountQueue } from '#shared/reviews/list-virtual-account-queue.ts';
import { reviewQueueRoutes } from '#shared/reviews/queue-routes.ts';

export const handler = apiHandler(reviewQueueRoutes.consoleListVirtualAccountQueue, ({ deps, actor }) =>
  listVirtualAccountQueue(deps, actor.organization.organizationId),
);
