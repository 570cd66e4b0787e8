import { approvalRoutes } from '#shared/console/approvals/approval-routes.ts';
import { startApproval } from '#shared/console/approvals/start-approval.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(approvalRoutes.consoleStartApproval, ({ deps, actor, params }) =>
  startApproval(deps, actor, params.transactionId),
);
