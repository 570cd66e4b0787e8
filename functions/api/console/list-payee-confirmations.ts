import { listPayeeConfirmations } from '#shared/console/approvals/list-payee-confirmations.ts';
import { payeeDecisionRoutes } from '#shared/console/approvals/payee-decision-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(payeeDecisionRoutes.consoleListPayeeConfirmations, ({ deps, actor }) =>
  listPayeeConfirmations(deps, actor),
);
