import { routes } from '#shared/console/routes.ts';
import { signWithdrawal } from '#shared/console/sign-withdrawal.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleSignWithdrawal, ({ deps, actor, params, body }) =>
  signWithdrawal(deps, actor, { transactionId: params.transactionId, ...body }),
);
