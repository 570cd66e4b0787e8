import { inviteMember } from '#shared/console/identity/invite-member.ts';
import { memberRoutes } from '#shared/console/identity/organization-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(memberRoutes.consoleInviteMember, ({ deps, actor, body }) =>
  inviteMember(deps, actor, body),
);
