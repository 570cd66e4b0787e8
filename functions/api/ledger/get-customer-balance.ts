import { apiHandler } from '#shared/http/api-handler.ts';
import { getCustomerBalance } from '#shared/ledger/get-customer-balance.ts';
import { routes } from '#shared/ledger/routes.ts';

export const handler = apiHandler(routes.getCustomerBalance, ({ deps, auth, params }) =>
  getCustomerBalance(deps, { organizationId: auth.organizationId, customerId: params.customerId }),
);
