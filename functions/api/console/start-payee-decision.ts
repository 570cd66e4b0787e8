import { payeeDecisionRoutes } from '#shared/console/approvals/payee-decision-routes.ts';
import { startPayeeDecision } from '#shared/console/approvals/start-payee-decision.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(payeeDecisionRoutes.consoleStartPayeeDecision, ({ deps, actor, params, body }) =>
  startPayeeDecision(deps, actor, { bankId: params.bankId, ...body }),
);
