import { registeredBankRoutes } from '#shared/banks/registered-bank-routes.ts';
import { requestPrenote } from '#shared/banks/request-prenote.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(registeredBankRoutes.requestWithdrawalBankPrenote, ({ deps, auth, params }) =>
  requestPrenote(deps, { organizationId: auth.organizationId, organization: auth.organization, ...params }),
);
