import { approvalRoutes } from '#shared/console/approval-routes.ts';
import { rejectWithdrawal } from '#shared/console/reject-withdrawal.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(approvalRoutes.consoleRejectWithdrawal, ({ deps, actor, params, body }) =>
  rejectWithdrawal(deps, actor, { transactionId: params.transactionId, reason: body.reason }),
);
