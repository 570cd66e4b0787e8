import { getTransactionStory } from '#shared/console/get-transaction-story.ts';
import { viewRoutes } from '#shared/console/view-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(viewRoutes.consoleGetTransactionStory, ({ deps, auth, params }) =>
  getTransactionStory(deps, { organizationId: auth.organizationId, transactionId: params.transactionId }),
);
