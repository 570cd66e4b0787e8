import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/withdrawals/routes.ts';
import { getTransaction } from '#shared/withdrawals/transaction-use-cases.ts';

export const handler = apiHandler(routes.getTransaction, ({ deps, auth, params }) =>
  getTransaction(deps, { organizationId: auth.organizationId, ...params }),
);
