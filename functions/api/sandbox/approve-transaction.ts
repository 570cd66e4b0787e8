import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/withdrawals/routes.ts';
import { approveTransaction } from '#shared/withdrawals/sandbox-use-cases.ts';

export const handler = apiHandler(routes.sandboxApproveTransaction, ({ deps, auth, params, body }) =>
  approveTransaction(deps, { organization: auth.organization, transactionId: params.transactionId, ...body }),
);
