import { inviteRoutes } from '#shared/console/identity/invite-routes.ts';
import { resendInvite } from '#shared/console/identity/resend-invite.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(inviteRoutes.consoleResendInvite, ({ deps, actor, params }) =>
  resendInvite(deps, actor, params.inviteId),
);
