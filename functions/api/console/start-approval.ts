import { approvalRoutes } from '#shared/console/approval-routes.ts';
import { startApproval } from '#shared/console/start-approval.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(approvalRoutes.consoleStartApproval, ({ deps, actor, params }) =>
  startApproval(deps, actor, params.transactionId),
);
