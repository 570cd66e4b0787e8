import { apiHandler } from '#shared/http/api-handler.ts';
import { decideKyc } from '#shared/reviews/decide-kyc.ts';
import { reviewRoutes } from '#shared/reviews/routes.ts';

export const handler = apiHandler(reviewRoutes.consoleRejectKycReview, ({ deps, actor, params, body }) =>
  decideKyc(deps, actor, { customerId: params.customerId, verdict: { decision: 'REJECT', ...body } }),
);
