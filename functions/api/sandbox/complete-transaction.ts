import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/http/routes.ts';
import { completeTransaction } from '#shared/withdrawals/complete-transaction.ts';

export const handler = apiHandler(routes.sandboxCompleteTransaction, ({ deps, auth, params }) =>
  completeTransaction(deps, { organization: auth.organization, transactionId: params.transactionId }),
);
