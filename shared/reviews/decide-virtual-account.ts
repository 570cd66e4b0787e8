import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import { approveVirtualAccount } from '#shared/deposits/approve-virtual-account.ts';
import { rejectVirtualAccount } from '#shared/deposits/reject-virtual-account.ts';
import { findVirtualAccountOwner } from '#shared/deposits/virtual-account-repository.ts';
import { VIRTUAL_ACCOUNT_NOT_FOUND } from '#shared/deposits/virtual-account-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { reviewerAudit } from '#shared/reviews/awaiting-review.ts';

/**
 * A reviewer opens (ACTIVE, with its IBAN) or refuses (REJECTED, with a reason) a requested virtual account, as the
 * operator's `virtual-account approve|reject` does, with the member's audit entry in the decision's transaction.
 */
export async function decideVirtualAccountAsReviewer(
  deps: Deps,
  actor: ConsoleActor,
  input: { virtualAccountId: string; to: 'ACTIVE' | 'REJECTED'; reason?: string | undefined },
) {
  const owner = await findVirtualAccountOwner(deps.db, input.virtualAccountId);
  if (owner?.organizationId !== actor.organization.organizationId) throw VIRTUAL_ACCOUNT_NOT_FOUND.error();
  const audit = reviewerAudit(deps, actor, {
    action: input.to === 'ACTIVE' ? 'virtual_account.review_approved' : 'virtual_account.review_rejected',
    target: input.virtualAccountId,
    details: { customerId: owner.customerId, ...(input.reason ? { reason: input.reason } : {}) },
  });
  const where = { ...owner, virtualAccountId: input.virtualAccountId, alongside: [audit] };
  return input.to === 'ACTIVE'
    ? approveVirtualAccount(deps, where)
    : rejectVirtualAccount(deps, { ...where, reason: input.reason });
}
