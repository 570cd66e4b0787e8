import { changeSettings } from '#shared/console/identity/change-settings.ts';
import { settingsRoutes } from '#shared/console/identity/organization-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(settingsRoutes.consoleChangeSettings, ({ deps, actor, body }) =>
  changeSettings(deps, actor, body),
);
