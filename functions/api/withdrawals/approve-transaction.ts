import { apiHandler } from '#shared/http/api-handler.ts';
import { approveTransaction } from '#shared/withdrawals/approve-transaction.ts';
import { routes } from '#shared/withdrawals/routes.ts';

export const handler = apiHandler(routes.sandboxApproveTransaction, ({ deps, auth, params, body }) =>
  approveTransaction(deps, { organization: auth.organization, transactionId: params.transactionId, ...body }),
);
