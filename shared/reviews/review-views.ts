import type { CustomerRecord } from '#shared/customers/records.ts';
import type { KycReviewRecord } from '#shared/reviews/records.ts';

const reviewersView = (review: KycReviewRecord) => review.reviewers.map(({ email, at }) => ({ email, at }));

/** The verdict waiting for its second reviewer, or null. */
export function pendingVerdictView(review: KycReviewRecord | undefined) {
  if (review?.status !== 'AWAITING_SECOND') return null;
  const { verdict } = review;
  return {
    decision: verdict.decision,
    verifiedName: verdict.decision === 'APPROVE' ? verdict.verifiedName : null,
    address: verdict.decision === 'APPROVE' ? verdict.address : null,
    reason: verdict.decision === 'REJECT' ? verdict.reason : null,
    rejectType: verdict.decision === 'REJECT' ? verdict.rejectType : null,
    reviewers: reviewersView(review),
  };
}

export function queueEntryView(customer: CustomerRecord, review: KycReviewRecord | undefined) {
  return {
    customerId: customer.customerId,
    name: customer.name,
    email: customer.email,
    accountType: customer.accountType,
    attempt: customer.kycAttempts,
    // The submission moved the customer last: nothing else changes a customer while its review is under way.
    waitingSince: customer.updatedAt,
    awaitingSecondReview: pendingVerdictView(review),
  };
}

export function outcomeView(customer: CustomerRecord, review: KycReviewRecord) {
  const outcome =
    review.status === 'AWAITING_SECOND'
      ? 'AWAITING_SECOND_REVIEW'
      : review.verdict.decision === 'APPROVE'
        ? 'APPROVED'
        : 'REJECTED';
  return {
    customerId: customer.customerId,
    outcome,
    kycStatus: customer.kycStatus,
    reviewers: reviewersView(review),
  } as const;
}
