import { approvalRoutes } from '#shared/console/approvals/approval-routes.ts';
import { bankCreditRoutes } from '#shared/console/approvals/bank-credits-routes.ts';
import { batchApprovalRoutes } from '#shared/console/approvals/batch-approval-routes.ts';
import { payeeDecisionRoutes } from '#shared/console/approvals/payee-decision-routes.ts';
import { accessRoutes, signOutRoutes } from '#shared/console/identity/access-routes.ts';
import { inviteRoutes } from '#shared/console/identity/invite-routes.ts';
import { keyRoutes, memberRoutes, settingsRoutes } from '#shared/console/identity/organization-routes.ts';
import { customerOverviewRoutes } from '#shared/console/views/customer-overview-routes.ts';
import { transactionViewRoutes } from '#shared/console/views/transaction-view-routes.ts';
import { homeViewRoutes, reconciliationViewRoutes } from '#shared/console/views/view-routes.ts';

/**
 * The console's rows of the route table (assembled in `#shared/routes.ts`). Each names the permission it needs
 * (shared/console/README.md has the table); a role without it gets 403, a change without the anti-CSRF proof 403.
 * The rows are declared by role, one module each (`*-routes.ts`), and a handler imports its role's module, not
 * this one: every row's schemas run when its module loads, so this table would put all of them in every console
 * bundle (docs/decisions/0028-bundle-size-targets.md). Summaries and descriptions are the document's alone
 * (`openapi-prose.ts`).
 */

export const routes = {
  ...accessRoutes,
  ...memberRoutes,
  ...approvalRoutes,
  ...batchApprovalRoutes,
  ...payeeDecisionRoutes,
  ...keyRoutes,
  ...customerOverviewRoutes,
  ...homeViewRoutes,
  ...transactionViewRoutes,
  ...reconciliationViewRoutes,
  ...bankCreditRoutes,
  ...inviteRoutes,
  ...settingsRoutes,
  // Last: the generated suites call routes in this order, and these end the session they are called with.
  ...signOutRoutes,
};
