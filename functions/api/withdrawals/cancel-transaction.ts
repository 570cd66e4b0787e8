import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/withdrawals/routes.ts';
import { cancelTransaction } from '#shared/withdrawals/transaction-use-cases.ts';

export const handler = apiHandler(routes.cancelTransaction, ({ deps, auth, params }) =>
  cancelTransaction(deps, { organizationId: auth.organizationId, ...params }),
);
