import { exportTransactions } from '#shared/console/export-transactions.ts';
import { transactionViewRoutes } from '#shared/console/transaction-view-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(transactionViewRoutes.consoleExportTransactions, ({ deps, auth, query }) =>
  exportTransactions(deps, { organizationId: auth.organizationId, ...query }),
);
