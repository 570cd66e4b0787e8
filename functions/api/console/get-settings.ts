import { getSettings } from '#shared/console/get-settings.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleGetSettings, ({ deps, actor }) =>
  getSettings(deps, actor.organization),
);
