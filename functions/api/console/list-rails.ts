import { listRails } from '#shared/console/views/list-rails.ts';
import { transactionViewRoutes } from '#shared/console/views/transaction-view-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(transactionViewRoutes.consoleListRails, () => listRails());
