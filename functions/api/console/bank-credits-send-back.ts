import { bankCreditRoutes } from '#shared/console/approvals/bank-credits-routes.ts';
import { bankCreditsSendBack } from '#shared/console/approvals/bank-credits-send-back.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(bankCreditRoutes.consoleSendBackSuspenseCredit, ({ deps, actor, params, body }) =>
  bankCreditsSendBack(deps, actor, { bookingId: params.bookingId, reason: body.reason }),
);
