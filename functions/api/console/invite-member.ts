import { inviteMember } from '#shared/console/invite-member.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleInviteMember, ({ deps, actor, body }) =>
  inviteMember(deps, actor, body),
);
