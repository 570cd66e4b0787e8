import { balanceCreditRoutes, depositAccountRoutes } from '#shared/deposits/deposit-account-routes.ts';
import { sandboxDepositRoutes } from '#shared/deposits/sandbox-deposit-routes.ts';
import { sandboxPayInRoutes } from '#shared/deposits/sandbox-pay-in-routes.ts';

/**
 * The deposits rows of the route table (assembled in `#shared/routes.ts`), declared by role (`*-routes.ts`): a
 * handler imports its role's module, not this one, so only the sandbox deposit's bundle carries the address parsing
 * its request needs (docs/decisions/0028-bundle-size-targets.md).
 */
export const routes = {
  ...depositAccountRoutes,
  ...sandboxDepositRoutes,
  ...balanceCreditRoutes,
  ...sandboxPayInRoutes,
};
