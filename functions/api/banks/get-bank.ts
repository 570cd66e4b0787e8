import { getBank } from '#shared/banks/get-bank.ts';
import { routes } from '#shared/banks/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.getWithdrawalBank, ({ deps, auth, params }) =>
  getBank(deps, { organizationId: auth.organizationId, ...params }),
);
