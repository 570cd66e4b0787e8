import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/quotes/routes.ts';
import { setExchangeRates } from '#shared/quotes/set-exchange-rates.ts';

export const handler = apiHandler(routes.sandboxSetExchangeRates, ({ deps, auth, body }) =>
  setExchangeRates(deps, auth.organization, body),
);
