import { routes } from '#shared/console/routes.ts';
import { signPayeeDecision } from '#shared/console/sign-payee-decision.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleSignPayeeDecision, ({ deps, actor, params, body }) =>
  signPayeeDecision(deps, actor, { bankId: params.bankId, ...body }),
);
