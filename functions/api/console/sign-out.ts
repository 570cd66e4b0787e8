import { signOutRoutes } from '#shared/console/identity/access-routes.ts';
import { signOut } from '#shared/console/identity/sign-out.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { reply } from '#shared/http/reply.ts';
import { clearedSessionCookie } from '#shared/http/session.ts';

export const handler = apiHandler(signOutRoutes.consoleSignOut, async ({ deps, actor }) =>
  reply(await signOut(deps, actor), { cookies: [clearedSessionCookie(deps.config)] }),
);
