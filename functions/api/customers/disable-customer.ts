import { routes } from '#shared/customers/routes.ts';
import { setEnabled } from '#shared/customers/set-customer-enabled.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.disableCustomer, ({ deps, auth, params, body }) =>
  setEnabled(deps, { organizationId: auth.organizationId, ...params, enabled: false, reason: body.reason }),
);
