import { apiHandler } from '#shared/http/api-handler.ts';
import { getRate } from '#shared/quotes/get-rate.ts';
import { routes } from '#shared/quotes/routes.ts';

export const handler = apiHandler(routes.getRate, ({ deps, auth, query }) => getRate(deps, auth.organization, query));
