import { bankCreditsListSuspense } from '#shared/console/approvals/bank-credits-list-suspense.ts';
import { bankCreditRoutes } from '#shared/console/approvals/bank-credits-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(bankCreditRoutes.consoleListSuspenseCredits, ({ deps, actor, query }) =>
  bankCreditsListSuspense(deps, actor, query),
);
