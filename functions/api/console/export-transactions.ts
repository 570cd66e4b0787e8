import { exportTransactions } from '#shared/console/export-transactions.ts';
import { viewRoutes } from '#shared/console/view-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(viewRoutes.consoleExportTransactions, ({ deps, auth, query }) =>
  exportTransactions(deps, { organizationId: auth.organizationId, ...query }),
);
