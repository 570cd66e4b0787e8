import { listPendingBatches } from '#shared/console/list-pending-batches.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleListPendingBatches, ({ deps, actor }) =>
  listPendingBatches(deps, actor),
);
