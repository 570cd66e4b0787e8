import { apiHandler } from '#shared/http/api-handler.ts';
import { getTransactionTravelRule } from '#shared/treasury/get-transaction-travel-rule.ts';
import { routes } from '#shared/treasury/routes.ts';

export const handler = apiHandler(routes.getTransactionTravelRule, ({ deps, auth, params }) =>
  getTransactionTravelRule(deps, { organizationId: auth.organizationId, ...params }),
);
