import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/http/routes.ts';
import { expireTransaction } from '#shared/withdrawals/expire-transaction.ts';

export const handler = apiHandler(routes.sandboxExpireTransaction, ({ deps, auth, params }) =>
  expireTransaction(deps, { organization: auth.organization, transactionId: params.transactionId }),
);
