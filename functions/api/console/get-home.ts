import { getHome } from '#shared/console/views/get-home.ts';
import { homeViewRoutes } from '#shared/console/views/view-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(homeViewRoutes.consoleGetHome, ({ deps, actor }) => getHome(deps, actor));
