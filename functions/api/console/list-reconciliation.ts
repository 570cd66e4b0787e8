import { listReconciliation } from '#shared/console/list-reconciliation.ts';
import { viewRoutes } from '#shared/console/view-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(viewRoutes.consoleListReconciliation, ({ deps, actor, query }) =>
  listReconciliation(deps, actor, query),
);
