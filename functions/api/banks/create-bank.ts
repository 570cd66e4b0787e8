import { createBank } from '#shared/banks/create-bank.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/http/routes.ts';

export const handler = apiHandler(routes.createWithdrawalBank, ({ deps, auth, params, body }) =>
  createBank(deps, { organizationId: auth.organizationId, customerId: params.customerId, ...body }),
);
