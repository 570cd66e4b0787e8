import { routes } from '#shared/console/routes.ts';
import { signWithdrawalBatch } from '#shared/console/sign-withdrawal-batch.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleSignWithdrawalBatch, ({ deps, actor, params, body }) =>
  signWithdrawalBatch(deps, actor, { batchId: params.batchId, ...body }),
);
