import { getTransactionStory } from '#shared/console/views/get-transaction-story.ts';
import { transactionViewRoutes } from '#shared/console/views/transaction-view-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(transactionViewRoutes.consoleGetTransactionStory, ({ deps, auth, params }) =>
  getTransactionStory(deps, { organizationId: auth.organizationId, transactionId: params.transactionId }),
);
