import { rejectBank } from '#shared/banks/reject-bank.ts';
import { routes } from '#shared/banks/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.sandboxRejectWithdrawalBank, ({ deps, auth, params, body }) =>
  rejectBank(deps, { organizationId: auth.organizationId, ...params, reason: body.reason }),
);
