import { accessRoutes } from '#shared/console/identity/access-routes.ts';
import { startRegistration } from '#shared/console/identity/start-registration.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(accessRoutes.consoleStartRegistration, ({ deps, body }) =>
  startRegistration(deps, body),
);
