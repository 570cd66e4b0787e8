import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/ledger/routes.ts';
import { setAllowance } from '#shared/ledger/set-allowance.ts';

export const handler = apiHandler(routes.sandboxSetAllowance, ({ deps, auth, body }) =>
  setAllowance(deps, auth.organization, body),
);
