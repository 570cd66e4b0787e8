import { exportTransactions } from '#shared/console/views/export-transactions.ts';
import { transactionViewRoutes } from '#shared/console/views/transaction-view-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(transactionViewRoutes.consoleExportTransactions, ({ deps, auth, query }) =>
  exportTransactions(deps, { organizationId: auth.organizationId, ...query }),
);
