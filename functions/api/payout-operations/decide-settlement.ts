import { apiHandler } from '#shared/http/api-handler.ts';
import { decideSettlement } from '#shared/payout-operations/decide-settlement.ts';
import { memberOperator } from '#shared/payout-operations/operator.ts';
import { routes } from '#shared/payout-operations/routes.ts';

export const handler = apiHandler(routes.consoleDecideSettlement, ({ deps, actor, params, body }) =>
  decideSettlement(deps, memberOperator(actor), { transactionId: params.transactionId, ...body }),
);
