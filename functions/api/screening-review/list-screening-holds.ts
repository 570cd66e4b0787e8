import { apiHandler } from '#shared/http/api-handler.ts';
import { listScreeningHolds } from '#shared/screening-review/list-screening-holds.ts';
import { routes } from '#shared/screening-review/routes.ts';

export const handler = apiHandler(routes.consoleListScreeningHolds, ({ deps, actor, query }) =>
  listScreeningHolds(deps, actor, query.status),
);
