import { getTransactionStory } from '#shared/console/get-transaction-story.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleGetTransactionStory, ({ deps, auth, params }) =>
  getTransactionStory(deps, { organizationId: auth.organizationId, transactionId: params.transactionId }),
);
