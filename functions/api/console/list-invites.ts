import { listInvites } from '#shared/console/list-invites.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleListInvites, ({ deps, actor }) => listInvites(deps, actor));
