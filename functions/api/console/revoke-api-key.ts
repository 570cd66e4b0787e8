import { revokeApiKey } from '#shared/console/revoke-api-key.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleRevokeApiKey, ({ deps, actor, params }) =>
  revokeApiKey(deps, actor, params.apiKeyId),
);
