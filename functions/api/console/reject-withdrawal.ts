import { rejectWithdrawal } from '#shared/console/reject-withdrawal.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleRejectWithdrawal, ({ deps, actor, params, body }) =>
  rejectWithdrawal(deps, actor, { transactionId: params.transactionId, reason: body.reason }),
);
