import { apiHandler } from '#shared/http/api-handler.ts';
import { confirmScreeningHold } from '#shared/screening-review/confirm-screening-hold.ts';
import { routes } from '#shared/screening-review/routes.ts';

export const handler = apiHandler(routes.consoleConfirmScreeningHold, ({ deps, actor, params, body }) =>
  confirmScreeningHold(deps, actor, { holdId: params.holdId, reason: body.reason }),
);
