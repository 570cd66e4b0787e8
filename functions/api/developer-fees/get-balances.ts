import { getBalances } from '#shared/developer-fees/get-balances.ts';
import { routes } from '#shared/developer-fees/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.getBalances, ({ deps, auth }) => getBalances(deps, auth.organization));
