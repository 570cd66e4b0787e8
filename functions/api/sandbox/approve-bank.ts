import { decideBankReview } from '#shared/banks/decide-bank-review.ts';
import { routes } from '#shared/banks/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.sandboxApproveWithdrawalBank, ({ deps, auth, params }) =>
  decideBankReview(deps, { organizationId: auth.organizationId, ...params, to: 'ACTIVE' }),
);
