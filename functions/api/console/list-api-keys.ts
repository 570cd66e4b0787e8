import { listApiKeys } from '#shared/console/identity/list-api-keys.ts';
import { keyRoutes } from '#shared/console/identity/organization-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(keyRoutes.consoleListApiKeys, ({ deps, actor }) => listApiKeys(deps, actor));
