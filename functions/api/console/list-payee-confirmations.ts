import { listPayeeConfirmations } from '#shared/console/list-payee-confirmations.ts';
import { payeeDecisionRoutes } from '#shared/console/payee-decision-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(payeeDecisionRoutes.consoleListPayeeConfirmations, ({ deps, actor }) =>
  listPayeeConfirmations(deps, actor),
);
