import { revokeInvite } from '#shared/console/revoke-invite.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleRevokeInvite, ({ deps, actor, params }) =>
  revokeInvite(deps, actor, params.inviteId),
);
