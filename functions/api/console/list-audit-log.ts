import { listAuditLog } from '#shared/console/list-audit-log.ts';
import { keyRoutes } from '#shared/console/organization-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(keyRoutes.consoleListAuditLog, ({ deps, actor, query }) =>
  listAuditLog(deps, actor, query),
);
