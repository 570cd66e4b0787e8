import { createApiKey } from '#shared/console/create-api-key.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleCreateApiKey, ({ deps, actor }) => createApiKey(deps, actor));
