import { apiHandler } from '#shared/http/api-handler.ts';
import { failTransaction } from '#shared/payouts/fail-transaction.ts';
import { routes } from '#shared/payouts/routes.ts';

export const handler = apiHandler(routes.sandboxFailTransaction, ({ deps, auth, params, body }) =>
  failTransaction(deps, { organization: auth.organization, transactionId: params.transactionId, ...body }),
);
