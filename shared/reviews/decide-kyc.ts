import { auditItem, type ConsoleActor, memberActor } from '#shared/console/common/console-rules.ts';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { finalRejectionPut } from '#shared/customers/kyc-final.ts';
import type { CustomerRecord } from '#shared/customers/records.ts';
import { rejectKyc } from '#shared/customers/reject-kyc.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import { type GuardedItem, WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import type { KycReviewRecord, KycVerdict } from '#shared/reviews/records.ts';
import { customerUnchanged, getKycReview, getReviewSettings, kycReviewPut } from '#shared/reviews/repository.ts';
import {
  awaitsReview,
  NOT_AWAITING_REVIEW,
  nextReview,
  REVIEW_CHANGED,
  verdictDetails,
} from '#shared/reviews/review-rules.ts';
import { outcomeView } from '#shared/reviews/review-views.ts';
import { isHeld } from '#shared/screening/hold-repository.ts';
import { HELD_FOR_SCREENING } from '#shared/screening/hold-rules.ts';

/**
 * A reviewer's verdict on a customer's KYC submission (approve with the verified name and address, or reject with
 * a reason, for good or not). The review, its audit entry (and, for a final rejection, the mark that refuses any
 * new submission) are one transaction, guarded on the customer as read; once the required reviewers agree the
 * verdict is applied to the customer through the KYC use cases, which send `customer.kyc.approved|rejected`.
 * A decided review whose application did not finish is applied by the next reviewer's call.
 */
export async function decideKyc(deps: Deps, actor: ConsoleActor, input: { customerId: string; verdict: KycVerdict }) {
  const organizationId = actor.organization.organizationId;
  const customer = await requireCustomer(deps, organizationId, input.customerId);
  // An approval whose verified name hit a list waits for the screening review, which applies or refuses it.
  if (await isHeld(deps.db, organizationId, { kind: 'customer', customerId: customer.customerId })) {
    throw HELD_FOR_SCREENING.error();
  }
  const existing = await getKycReview(deps.db, organizationId, customer.customerId, customer.kycAttempts);
  if (existing?.status === 'DECIDED' && awaitsReview(customer)) return apply(deps, customer, existing);
  if (!awaitsReview(customer)) throw NOT_AWAITING_REVIEW.error();
  const now = deps.clock.now();
  const settings = existing ? undefined : await getReviewSettings(deps.db, organizationId);
  const review = nextReview({
    existing,
    organizationId,
    customerId: customer.customerId,
    attempt: customer.kycAttempts,
    requiredReviewers: existing?.requiredReviewers ?? settings?.requiredReviewers ?? 1,
    verdict: input.verdict,
    reviewer: { memberId: actor.member.memberId, email: actor.member.email, at: now.toISOString() },
  });
  const items: GuardedItem<string>[] = [
    kycReviewPut(deps.db, review, existing),
    customerUnchanged(deps.db, customer),
    auditItem(deps.db, {
      organizationId,
      actor: memberActor(actor.member),
      action: auditAction(review),
      target: customer.customerId,
      sourceAddress: actor.sourceAddress,
      at: now,
      details: verdictDetails(review, input.verdict.decision === 'REJECT' ? input.verdict.reason : undefined),
    }),
  ];
  const { verdict } = review;
  if (review.status === 'DECIDED' && verdict.decision === 'REJECT' && verdict.rejectType === 'FINAL') {
    items.push(
      finalRejectionPut(deps.db, {
        organizationId,
        customerId: customer.customerId,
        reason: verdict.reason,
        at: now.toISOString(),
      }),
    );
  }
  try {
    await writeGuarded(deps.db, items);
  } catch (error) {
    if (error instanceof WriteConditionFailedError) throw REVIEW_CHANGED.error();
    throw error;
  }
  if (review.status === 'AWAITING_SECOND') return outcomeView(customer, review);
  return apply(deps, customer, review);
}

function auditAction(review: KycReviewRecord): string {
  if (review.status === 'AWAITING_SECOND') return 'customer.kyc.review_awaiting_second';
  return review.verdict.decision === 'APPROVE' ? 'customer.kyc.review_approved' : 'customer.kyc.review_rejected';
}

async function apply(deps: Deps, customer: CustomerRecord, review: KycReviewRecord) {
  const where = { organizationId: customer.organizationId, customerId: customer.customerId };
  const { verdict } = review;
  const decided =
    verdict.decision === 'APPROVE'
      ? await approveKyc(deps, { ...where, verifiedName: verdict.verifiedName, address: verdict.address })
      : await rejectKyc(deps, where);
  return outcomeView({ ...customer, kycStatus: decided.kycStatus }, review);
}
