import { routes } from '#shared/customers/routes.ts';
import { setEnabled } from '#shared/customers/set-customer-enabled.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.enableCustomer, ({ deps, auth, params }) =>
  setEnabled(deps, { organizationId: auth.organizationId, ...params, enabled: true }),
);
