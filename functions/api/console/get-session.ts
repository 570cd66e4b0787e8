import { accessRoutes } from '#shared/console/identity/access-routes.ts';
import { getSession } from '#shared/console/identity/get-session.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(accessRoutes.consoleGetSession, ({ actor }) => getSession(actor));
