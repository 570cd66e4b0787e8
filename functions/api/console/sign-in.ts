import { accessRoutes } from '#shared/console/identity/access-routes.ts';
import { signIn } from '#shared/console/identity/sign-in.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { reply } from '#shared/http/reply.ts';
import { sessionCookie, sourceAddressOf } from '#shared/http/session.ts';

export const handler = apiHandler(accessRoutes.consoleSignIn, async ({ deps, body, event }) => {
  const { sessionToken, view } = await signIn(deps, { ...body, sourceAddress: sourceAddressOf(event) });
  return reply(view, { cookies: [sessionCookie(deps.config, sessionToken)] });
});
