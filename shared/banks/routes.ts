import { bankRegistrationRoutes } from '#shared/banks/bank-registration-routes.ts';
import { registeredBankRoutes } from '#shared/banks/registered-bank-routes.ts';

/**
 * The banks rows of the route table (assembled in `#shared/routes.ts`), declared by role (`*-routes.ts`): a handler
 * imports its role's module, not this one, so only the function adding a bank carries the checks of its request
 * (docs/decisions/0028-bundle-size-targets.md).
 */
export const routes = {
  ...bankRegistrationRoutes,
  ...registeredBankRoutes,
};
