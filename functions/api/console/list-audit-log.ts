import { listAuditLog } from '#shared/console/list-audit-log.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleListAuditLog, ({ deps, actor, query }) =>
  listAuditLog(deps, actor, query),
);
