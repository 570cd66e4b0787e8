import { apiHandler } from '#shared/http/api-handler.ts';
import { getTransaction } from '#shared/transactions/get-transaction.ts';
import { routes } from '#shared/transactions/routes.ts';

export const handler = apiHandler(routes.getTransaction, ({ deps, auth, params }) =>
  getTransaction(deps, { organizationId: auth.organizationId, ...params }),
);
