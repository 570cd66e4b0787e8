import { apiHandler } from '#shared/http/api-handler.ts';
import { memberOperator } from '#shared/payout-operations/operator.ts';
import { proposeSettlement } from '#shared/payout-operations/propose-settlement.ts';
import { routes } from '#shared/payout-operations/routes.ts';
import { settlementView } from '#shared/payout-operations/view.ts';

export const handler = apiHandler(routes.consoleProposeSettlement, async ({ deps, actor, params, body }) =>
  settlementView(
    await proposeSettlement(deps, memberOperator(actor), { transactionId: params.transactionId, ...body }),
  ),
);
