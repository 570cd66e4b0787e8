import { exportTransactions } from '#shared/console/export-transactions.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleExportTransactions, ({ deps, auth, query }) =>
  exportTransactions(deps, { organizationId: auth.organizationId, ...query }),
);
