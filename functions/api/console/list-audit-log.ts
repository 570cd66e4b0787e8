import { listAuditLog } from '#shared/console/identity/list-audit-log.ts';
import { keyRoutes } from '#shared/console/identity/organization-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(keyRoutes.consoleListAuditLog, ({ deps, actor, query }) =>
  listAuditLog(deps, actor, query),
);
