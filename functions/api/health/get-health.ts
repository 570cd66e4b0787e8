import { routes } from '#shared/health/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.health, () => ({ status: 'ok' }));
