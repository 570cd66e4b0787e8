import { apiHandler } from '#shared/http/api-handler.ts';
import { clearScreeningHold } from '#shared/screening-review/clear-screening-hold.ts';
import { routes } from '#shared/screening-review/routes.ts';

export const handler = apiHandler(routes.consoleClearScreeningHold, ({ deps, actor, params, body }) =>
  clearScreeningHold(deps, actor, { holdId: params.holdId, reason: body.reason }),
);
