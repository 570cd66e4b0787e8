import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/withdrawals/routes.ts';
import { setAllowance } from '#shared/withdrawals/set-allowance.ts';

export const handler = apiHandler(routes.sandboxSetAllowance, ({ deps, auth, body }) =>
  setAllowance(deps, auth.organization, body),
);
