import { getCustodyReconciliation } from '#shared/custody/get-custody-reconciliation.ts';
import { routes } from '#shared/custody/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.getCustodyReconciliation, ({ deps, auth }) =>
  getCustodyReconciliation(deps, auth.organization),
);
