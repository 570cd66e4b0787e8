import { apiHandler } from '#shared/http/api-handler.ts';
import { listBankQueue } from '#shared/reviews/list-bank-queue.ts';
import { reviewQueueRoutes } from '#shared/reviews/queue-routes.ts';

export const handler = apiHandler(reviewQueueRoutes.consoleListBankQueue, ({ deps, actor }) =>
  listBankQueue(deps, actor.organization.organizationId),
);
