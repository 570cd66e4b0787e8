import { rejectWithdrawalBatch } from '#shared/console/reject-withdrawal-batch.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleRejectWithdrawalBatch, ({ deps, actor, params, body }) =>
  rejectWithdrawalBatch(deps, actor, { batchId: params.batchId, ...body }),
);
