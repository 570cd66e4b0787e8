import { listRails } from '#shared/console/list-rails.ts';
import { transactionViewRoutes } from '#shared/console/transaction-view-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(transactionViewRoutes.consoleListRails, () => listRails());
