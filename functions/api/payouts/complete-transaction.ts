import { apiHandler } from '#shared/http/api-handler.ts';
import { completeTransaction } from '#shared/payouts/complete-transaction.ts';
import { routes } from '#shared/payouts/routes.ts';

export const handler = apiHandler(routes.sandboxCompleteTransaction, ({ deps, auth, params }) =>
  completeTransaction(deps, { organization: auth.organization, transactionId: params.transactionId }),
);
