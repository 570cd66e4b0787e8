import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/payouts/routes.ts';
import { setFaults } from '#shared/payouts/set-faults.ts';

export const handler = apiHandler(routes.sandboxSetFaults, ({ deps, auth, body }) =>
  setFaults(deps, auth.organization, body.failNextExecutions),
);
