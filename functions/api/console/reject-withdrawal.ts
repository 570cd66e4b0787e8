import { approvalRoutes } from '#shared/console/approvals/approval-routes.ts';
import { rejectWithdrawal } from '#shared/console/approvals/reject-withdrawal.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(approvalRoutes.consoleRejectWithdrawal, ({ deps, actor, params, body }) =>
  rejectWithdrawal(deps, actor, { transactionId: params.transactionId, reason: body.reason }),
);
