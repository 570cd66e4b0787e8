import { listMembers } from '#shared/console/identity/list-members.ts';
import { memberRoutes } from '#shared/console/identity/organization-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(memberRoutes.consoleListMembers, ({ deps, actor }) => listMembers(deps, actor));
