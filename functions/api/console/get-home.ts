import { getHome } from '#shared/console/get-home.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleGetHome, ({ deps, actor }) => getHome(deps, actor));
