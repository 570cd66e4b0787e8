import { accessRoutes } from '#shared/console/access-routes.ts';
import { getSession } from '#shared/console/get-session.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(accessRoutes.consoleGetSession, ({ actor }) => getSession(actor));
