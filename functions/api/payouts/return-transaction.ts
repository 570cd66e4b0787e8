import { apiHandler } from '#shared/http/api-handler.ts';
import { returnTransaction } from '#shared/payouts/return-transaction.ts';
import { routes } from '#shared/payouts/routes.ts';

export const handler = apiHandler(routes.sandboxReturnTransaction, ({ deps, auth, params, body }) =>
  returnTransaction(deps, { organization: auth.organization, transactionId: params.transactionId, ...body }),
);
