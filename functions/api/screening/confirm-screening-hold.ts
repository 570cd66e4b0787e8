import { apiHandler } from '#shared/http/api-handler.ts';
import { decideHold } from '#shared/screening-review/decide-hold.ts';
import { routes } from '#shared/screening-review/routes.ts';

export const handler = apiHandler(routes.consoleConfirmScreeningHold, ({ deps, actor, params, body }) =>
  decideHold(deps, actor, { holdId: params.holdId, decision: 'CONFIRM', reason: body.reason }),
);
