import { apiHandler } from '#shared/http/api-handler.ts';
import { listWaitingSends } from '#shared/treasury/list-waiting-sends.ts';
import { routes } from '#shared/treasury/routes.ts';

export const handler = apiHandler(routes.consoleListWaitingSends, ({ deps, auth }) =>
  listWaitingSends(deps, { organizationId: auth.organizationId }),
);
