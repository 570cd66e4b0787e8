import { inviteRoutes } from '#shared/console/identity/invite-routes.ts';
import { revokeInvite } from '#shared/console/identity/revoke-invite.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(inviteRoutes.consoleRevokeInvite, ({ deps, actor, params }) =>
  revokeInvite(deps, actor, params.inviteId),
);
