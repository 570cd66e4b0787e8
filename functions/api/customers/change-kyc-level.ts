import { changeKycLevel } from '#shared/customers/change-kyc-level.ts';
import { routes } from '#shared/customers/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.sandboxChangeKycLevel, ({ deps, auth, params, body }) =>
  changeKycLevel(deps, { organizationId: auth.organizationId, ...params, ...body }),
);
