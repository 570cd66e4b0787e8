import { apiHandler } from '#shared/http/api-handler.ts';
import { listRescreenReports } from '#shared/screening-review/list-screening-rescreens.ts';
import { routes } from '#shared/screening-review/routes.ts';

export const handler = apiHandler(routes.consoleListScreeningRescreens, ({ deps, actor }) =>
  listRescreenReports(deps.db, actor.organization.organizationId),
);
