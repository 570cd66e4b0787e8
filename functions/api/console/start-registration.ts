import { routes } from '#shared/console/routes.ts';
import { startRegistration } from '#shared/console/start-registration.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleStartRegistration, ({ deps, body }) => startRegistration(deps, body));
