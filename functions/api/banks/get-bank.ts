import { getBank } from '#shared/banks/get-bank.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/http/routes.ts';

export const handler = apiHandler(routes.getWithdrawalBank, ({ deps, auth, params }) =>
  getBank(deps, { organizationId: auth.organizationId, ...params }),
);
