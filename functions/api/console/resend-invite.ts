import { inviteRoutes } from '#shared/console/invite-routes.ts';
import { resendInvite } from '#shared/console/resend-invite.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(inviteRoutes.consoleResendInvite, ({ deps, actor, params }) =>
  resendInvite(deps, actor, params.inviteId),
);
