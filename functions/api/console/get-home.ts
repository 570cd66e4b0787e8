import { getHome } from '#shared/console/get-home.ts';
import { homeViewRoutes } from '#shared/console/view-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(homeViewRoutes.consoleGetHome, ({ deps, actor }) => getHome(deps, actor));
