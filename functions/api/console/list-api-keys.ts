import { listApiKeys } from '#shared/console/list-api-keys.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleListApiKeys, ({ deps, actor }) => listApiKeys(deps, actor));
