import { approvalView } from '#shared/console/approval-rules.ts';
import type { ConsoleActor } from '#shared/console/console-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { listAwaitingSignaturesOfOrganization } from '#shared/transactions/transaction-repository.ts';

export const PENDING_LIST_LIMIT = 200;

/** The organization's withdrawals awaiting signatures, oldest first. */
export async function listPendingWithdrawals(deps: Deps, actor: ConsoleActor) {
  const organizationId = actor.organization.organizationId;
  const pending = await listAwaitingSignaturesOfOrganization(deps.db, organizationId, PENDING_LIST_LIMIT);
  return pending.map((transaction) => approvalView(actor.organization, transaction));
}
