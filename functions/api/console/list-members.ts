import { listMembers } from '#shared/console/list-members.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleListMembers, ({ deps, actor }) => listMembers(deps, actor));
