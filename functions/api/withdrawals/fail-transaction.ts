import { apiHandler } from '#shared/http/api-handler.ts';
import { failTransaction } from '#shared/withdrawals/fail-transaction.ts';
import { routes } from '#shared/withdrawals/routes.ts';

export const handler = apiHandler(routes.sandboxFailTransaction, ({ deps, auth, params, body }) =>
  failTransaction(deps, { organization: auth.organization, transactionId: params.transactionId, ...body }),
);
