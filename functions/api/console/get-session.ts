import { getSession } from '#shared/console/get-session.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleGetSession, ({ actor }) => getSession(actor));
