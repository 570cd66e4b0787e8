import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/withdrawals/routes.ts';
import { setFaults } from '#shared/withdrawals/set-faults.ts';

export const handler = apiHandler(routes.sandboxSetFaults, ({ deps, auth, body }) =>
  setFaults(deps, auth.organization, body.failNextExecutions),
);
