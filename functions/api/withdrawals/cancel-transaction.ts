import { apiHandler } from '#shared/http/api-handler.ts';
import { cancelTransaction } from '#shared/withdrawals/cancel-transaction.ts';
import { routes } from '#shared/withdrawals/routes.ts';

export const handler = apiHandler(routes.cancelTransaction, ({ deps, auth, params }) =>
  cancelTransaction(deps, { organizationId: auth.organizationId, ...params }),
);
