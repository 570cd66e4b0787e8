import { apiHandler } from '#shared/http/api-handler.ts';
import { decideHold } from '#shared/screening-review/decide-hold.ts';
import { routes } from '#shared/screening-review/routes.ts';

export const handler = apiHandler(routes.consoleClearScreeningHold, ({ deps, actor, params, body }) =>
  decideHold(deps, actor, { holdId: params.holdId, decision: 'CLEAR', reason: body.reason }),
);
