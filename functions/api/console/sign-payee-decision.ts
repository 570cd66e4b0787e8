import { payeeDecisionRoutes } from '#shared/console/approvals/payee-decision-routes.ts';
import { signPayeeDecision } from '#shared/console/approvals/sign-payee-decision.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(payeeDecisionRoutes.consoleSignPayeeDecision, ({ deps, actor, params, body }) =>
  signPayeeDecision(deps, actor, { bankId: params.bankId, ...body }),
);
