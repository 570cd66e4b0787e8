import { apiHandler } from '#shared/http/api-handler.ts';
import { completeTransaction } from '#shared/withdrawals/complete-transaction.ts';
import { routes } from '#shared/withdrawals/routes.ts';

export const handler = apiHandler(routes.sandboxCompleteTransaction, ({ deps, auth, params }) =>
  completeTransaction(deps, { organization: auth.organization, transactionId: params.transactionId }),
);
