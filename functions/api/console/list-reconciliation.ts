import { listReconciliation } from '#shared/console/views/list-reconciliation.ts';
import { reconciliationViewRoutes } from '#shared/console/views/view-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(reconciliationViewRoutes.consoleListReconciliation, ({ deps, actor, query }) =>
  listReconciliation(deps, actor, query),
);
