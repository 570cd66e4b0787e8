import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/http/routes.ts';
import { approveTransaction } from '#shared/withdrawals/approve-transaction.ts';

export const handler = apiHandler(routes.sandboxApproveTransaction, ({ deps, auth, params, body }) =>
  approveTransaction(deps, { organization: auth.organization, transactionId: params.transactionId, ...body }),
);
