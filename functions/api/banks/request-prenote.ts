import { requestPrenote } from '#shared/banks/request-prenote.ts';
import { routes } from '#shared/banks/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.requestWithdrawalBankPrenote, ({ deps, auth, params }) =>
  requestPrenote(deps, { organizationId: auth.organizationId, organization: auth.organization, ...params }),
);
