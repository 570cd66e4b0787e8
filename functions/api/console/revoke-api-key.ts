import { keyRoutes } from '#shared/console/identity/organization-routes.ts';
import { revokeApiKey } from '#shared/console/identity/revoke-api-key.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(keyRoutes.consoleRevokeApiKey, ({ deps, actor, params }) =>
  revokeApiKey(deps, actor, params.apiKeyId),
);
