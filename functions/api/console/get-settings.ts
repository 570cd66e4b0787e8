import { getSettings } from '#shared/console/identity/get-settings.ts';
import { settingsRoutes } from '#shared/console/identity/organization-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(settingsRoutes.consoleGetSettings, ({ deps, actor }) =>
  getSettings(deps, actor.organization),
);
