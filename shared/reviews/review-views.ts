import type { CustomerRecord } from '#shared/customers/records.ts';
import type { KycReviewRecord } from '#shared/reviews/records.ts';

const reviewersView = (review: KycReviewRecord) => review.reviewers.map(({ email, at }) => ({ email, at }));

/** The verdict waiting for its second reviewer, or null. */
export function pendingVerdictView(review: KycReviewRecord | undefined) {
  if (review?.status !== 'AWAITING_SECOND') return null;
  const { verdict } = review;
  const approval = verdict.decision === 'APPROVE' ? verdict : undefined;
  return {
    decision: verdict.decision,
    verifiedName: approval?.verifiedName ?? null,
    address: approval?.address ?? null,
    nationality: approval?.nationality ?? null,
    dateOfBirth: approval?.dateOfBirth ?? null,
    registrationNumber: approval?.registrationNumber ?? null,
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

/** What the verdict did; an approval whose verified name hit a sanctions list leaves the customer held, PENDING. */
export function outcomeView(customer: Pick<CustomerRecord, 'customerId' | 'kycStatus'>, review: KycReviewRecord) {
  const outcome =
    review.status === 'AWAITING_SECOND'
      ? 'AWAITING_SECOND_REVIEW'
      : review.verdict.decision === 'REJECT'
        ? 'REJECTED'
        : customer.kycStatus === 'APPROVED'
          ? 'APPROVED'
          : 'HELD_FOR_SCREENING';
  return {
    customerId: customer.customerId,
    outcome,
    kycStatus: customer.kycStatus,
    reviewers: reviewersView(review),
  } as const;
}
