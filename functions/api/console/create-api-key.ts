import { createApiKey } from '#shared/console/identity/create-api-key.ts';
import { keyRoutes } from '#shared/console/identity/organization-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(keyRoutes.consoleCreateApiKey, ({ deps, actor }) => createApiKey(deps, actor));
