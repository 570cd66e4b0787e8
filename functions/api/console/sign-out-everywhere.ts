import { signOutRoutes } from '#shared/console/identity/access-routes.ts';
import { signOutEverywhere } from '#shared/console/identity/sign-out-everywhere.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { reply } from '#shared/http/reply.ts';
import { clearedSessionCookie } from '#shared/http/session.ts';

export const handler = apiHandler(signOutRoutes.consoleSignOutEverywhere, async ({ deps, actor }) =>
  reply(await signOutEverywhere(deps, actor), { cookies: [clearedSessionCookie(deps.config)] }),
);
