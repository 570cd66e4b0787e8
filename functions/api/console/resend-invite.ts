import { resendInvite } from '#shared/console/resend-invite.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleResendInvite, ({ deps, actor, params }) =>
  resendInvite(deps, actor, params.inviteId),
);
