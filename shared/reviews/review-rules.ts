import { refusal } from '#shared/errors.ts';
import type { KycReviewRecord, KycVerdict, Reviewer } from '#shared/reviews/records.ts';

/** The rules of the organization's own KYC reviews, pure: tested without a database. */

export const NOT_AWAITING_REVIEW = refusal(409, 'Customer KYC is not waiting for a review');
export const SECOND_REVIEWER_REQUIRED = refusal(
  409,
  'This verdict waits for a second reviewer: another member must give it',
);
export const REVIEW_CHANGED = refusal(409, 'The review changed concurrently, please reload and decide again');

/** Which customers a reviewer is asked to decide: a submission in review that nobody else is deciding. */
export const awaitsReview = (customer: { kycStatus: string; kycInReview: boolean }) =>
  customer.kycStatus === 'PENDING' && customer.kycInReview;

/**
 * Two reviewers agree when they give the same verdict: approvals with the same verified identity (name, address,
 * nationality, date of birth, registration number), or rejections of the same kind (each reviewer's reason is
 * audited; the first one's is kept).
 */
export function sameVerdict(a: KycVerdict, b: KycVerdict): boolean {
  if (a.decision === 'APPROVE' && b.decision === 'APPROVE') {
    return (
      a.verifiedName === b.verifiedName &&
      JSON.stringify(a.address) === JSON.stringify(b.address) &&
      a.nationality === b.nationality &&
      a.dateOfBirth === b.dateOfBirth &&
      a.registrationNumber === b.registrationNumber
    );
  }
  if (a.decision === 'REJECT' && b.decision === 'REJECT') return a.rejectType === b.rejectType;
  return false;
}

/**
 * The review after this reviewer's verdict. A first verdict decides at once when one reviewer suffices, else waits
 * for another member. A second member giving the same verdict decides it; a different verdict replaces the one
 * waiting (so two members who disagree never leave a customer stuck: the next agreeing member decides). The member
 * whose verdict waits cannot be its own second reviewer.
 */
export function nextReview(input: {
  existing: KycReviewRecord | undefined;
  organizationId: string;
  customerId: string;
  attempt: number;
  requiredReviewers: number;
  verdict: KycVerdict;
  reviewer: Reviewer;
}): KycReviewRecord {
  const { existing, verdict, reviewer } = input;
  if (existing?.status === 'AWAITING_SECOND') {
    if (existing.reviewers.some((r) => r.memberId === reviewer.memberId)) throw SECOND_REVIEWER_REQUIRED.error();
    if (sameVerdict(existing.verdict, verdict)) {
      return { ...existing, status: 'DECIDED', reviewers: [...existing.reviewers, reviewer] };
    }
    return { ...existing, verdict, reviewers: [reviewer] };
  }
  return {
    organizationId: input.organizationId,
    customerId: input.customerId,
    attempt: input.attempt,
    status: input.requiredReviewers <= 1 ? 'DECIDED' : 'AWAITING_SECOND',
    verdict,
    reviewers: [reviewer],
    requiredReviewers: input.requiredReviewers,
  };
}

/** The audit entry's details of a verdict: every field as text (the audit log holds strings). */
export function verdictDetails(review: KycReviewRecord, reviewerReason?: string): Record<string, string> {
  const { verdict } = review;
  const common = {
    customerId: review.customerId,
    attempt: String(review.attempt),
    reviewers: review.reviewers.map((r) => r.email).join(', '),
    requiredReviewers: String(review.requiredReviewers),
  };
  if (verdict.decision === 'APPROVE') {
    const { addressLine1, city, postalCode, country } = verdict.address;
    return {
      ...common,
      verifiedName: verdict.verifiedName,
      address: `${addressLine1}, ${postalCode} ${city}, ${country}`,
      ...(verdict.nationality ? { nationality: verdict.nationality } : {}),
      ...(verdict.dateOfBirth ? { dateOfBirth: verdict.dateOfBirth } : {}),
      ...(verdict.registrationNumber ? { registrationNumber: verdict.registrationNumber } : {}),
    };
  }
  return { ...common, reason: reviewerReason ?? verdict.reason, rejectType: verdict.rejectType };
}
