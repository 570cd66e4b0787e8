import { acceptInvite } from '#shared/console/identity/accept-invite.ts';
import { accessRoutes } from '#shared/console/identity/access-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { reply } from '#shared/http/reply.ts';
import { sessionCookie, sourceAddressOf } from '#shared/http/session.ts';

export const handler = apiHandler(accessRoutes.consoleAcceptInvite, async ({ deps, body, event }) => {
  const { sessionToken, view } = await acceptInvite(deps, { ...body, sourceAddress: sourceAddressOf(event) });
  return reply(view, { cookies: [sessionCookie(deps.config, sessionToken)] });
});
