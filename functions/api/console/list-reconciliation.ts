import { listReconciliation } from '#shared/console/list-reconciliation.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleListReconciliation, ({ deps, actor, query }) =>
  listReconciliation(deps, actor, query),
);
