import { listMembers } from '#shared/console/list-members.ts';
import { memberRoutes } from '#shared/console/organization-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(memberRoutes.consoleListMembers, ({ deps, actor }) => listMembers(deps, actor));
