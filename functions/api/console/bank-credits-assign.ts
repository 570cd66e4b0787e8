import { bankCreditsAssign } from '#shared/console/approvals/bank-credits-assign.ts';
import { bankCreditRoutes } from '#shared/console/approvals/bank-credits-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(bankCreditRoutes.consoleAssignSuspenseCredit, ({ deps, actor, params, body }) =>
  bankCreditsAssign(deps, actor, { bookingId: params.bookingId, customerId: body.customerId, reason: body.reason }),
);
