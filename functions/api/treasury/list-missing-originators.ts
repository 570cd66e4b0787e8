import { apiHandler } from '#shared/http/api-handler.ts';
import { listMissingOriginators } from '#shared/treasury/list-missing-originators.ts';
import { routes } from '#shared/treasury/routes.ts';

export const handler = apiHandler(routes.listMissingOriginators, ({ deps, auth }) =>
  listMissingOriginators(deps, { organizationId: auth.organizationId }),
);
