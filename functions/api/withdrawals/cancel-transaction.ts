import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/http/routes.ts';
import { cancelTransaction } from '#shared/withdrawals/cancel-transaction.ts';

export const handler = apiHandler(routes.cancelTransaction, ({ deps, auth, params }) =>
  cancelTransaction(deps, { organizationId: auth.organizationId, ...params }),
);
