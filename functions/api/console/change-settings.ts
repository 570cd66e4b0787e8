import { changeSettings } from '#shared/console/change-settings.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleChangeSettings, ({ deps, actor, body }) =>
  changeSettings(deps, actor, body),
);
