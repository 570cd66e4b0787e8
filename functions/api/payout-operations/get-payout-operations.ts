import { apiHandler } from '#shared/http/api-handler.ts';
import { getPayoutOperations } from '#shared/payout-operations/get-payout-operations.ts';
import { routes } from '#shared/payout-operations/routes.ts';

export const handler = apiHandler(routes.consoleGetPayoutOperations, ({ deps, actor }) =>
  getPayoutOperations(deps, actor.organization.organizationId),
);
