import { inviteRoutes } from '#shared/console/identity/invite-routes.ts';
import { listInvites } from '#shared/console/identity/list-invites.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(inviteRoutes.consoleListInvites, ({ deps, actor }) => listInvites(deps, actor));
