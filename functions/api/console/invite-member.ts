import { inviteMember } from '#shared/console/invite-member.ts';
import { memberRoutes } from '#shared/console/organization-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(memberRoutes.consoleInviteMember, ({ deps, actor, body }) =>
  inviteMember(deps, actor, body),
);
