import { apiHandler } from '#shared/http/api-handler.ts';
import { getConsoleTravelRule } from '#shared/treasury/get-console-travel-rule.ts';
import { routes } from '#shared/treasury/routes.ts';

export const handler = apiHandler(routes.consoleGetTransactionTravelRule, ({ deps, auth, params }) =>
  getConsoleTravelRule(deps, { organizationId: auth.organizationId, ...params }),
);
