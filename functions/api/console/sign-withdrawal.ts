import { approvalRoutes } from '#shared/console/approvals/approval-routes.ts';
import { signWithdrawal } from '#shared/console/approvals/sign-withdrawal.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(approvalRoutes.consoleSignWithdrawal, ({ deps, actor, params, body }) =>
  signWithdrawal(deps, actor, { transactionId: params.transactionId, ...body }),
);
