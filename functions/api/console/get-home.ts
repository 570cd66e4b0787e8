import { getHome } from '#shared/console/get-home.ts';
import { viewRoutes } from '#shared/console/view-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(viewRoutes.consoleGetHome, ({ deps, actor }) => getHome(deps, actor));
