import { apiHandler } from '#shared/http/api-handler.ts';
import { rejectTransaction } from '#shared/withdrawals/reject-transaction.ts';
import { routes } from '#shared/withdrawals/routes.ts';

export const handler = apiHandler(routes.sandboxRejectTransaction, ({ deps, auth, params, body }) =>
  rejectTransaction(deps, { organization: auth.organization, transactionId: params.transactionId, ...body }),
);
