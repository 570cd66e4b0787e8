import { apiHandler } from '#shared/http/api-handler.ts';
import { expireTransaction } from '#shared/withdrawals/expire-transaction.ts';
import { routes } from '#shared/withdrawals/routes.ts';

export const handler = apiHandler(routes.sandboxExpireTransaction, ({ deps, auth, params }) =>
  expireTransaction(deps, { organization: auth.organization, transactionId: params.transactionId }),
);
