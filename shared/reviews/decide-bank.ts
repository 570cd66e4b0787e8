import { BANK_NOT_FOUND } from '#shared/banks/bank-rules.ts';
import { decideBankReview } from '#shared/banks/decide-bank-review.ts';
import { findBankOwner } from '#shared/banks/repository.ts';
import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { reviewerAudit } from '#shared/reviews/awaiting-review.ts';

/**
 * A reviewer approves (ACTIVE) or rejects (REJECTED, with a reason) a bank waiting for review, as the operator's
 * `bank approve|reject` does, with the member's audit entry in the decision's transaction. Another organization's
 * bank is not found.
 */
export async function decideBankAsReviewer(
  deps: Deps,
  actor: ConsoleActor,
  input: { bankId: string; to: 'ACTIVE' | 'REJECTED'; reason?: string | undefined },
) {
  const owner = await findBankOwner(deps.db, input.bankId);
  if (owner?.organizationId !== actor.organization.organizationId) throw BANK_NOT_FOUND.error();
  const audit = reviewerAudit(deps, actor, {
    action: input.to === 'ACTIVE' ? 'withdrawal_bank.review_approved' : 'withdrawal_bank.review_rejected',
    target: input.bankId,
    details: { customerId: owner.customerId, ...(input.reason ? { reason: input.reason } : {}) },
  });
  const where = { ...owner, bankId: input.bankId, alongside: [audit] };
  return input.to === 'ACTIVE'
    ? decideBankReview(deps, { ...where, to: 'ACTIVE' })
    : decideBankReview(deps, { ...where, to: 'REJECTED', reason: input.reason });
}
