import { auditItem, type ConsoleActor, memberActor } from '#shared/console/common/console-rules.ts';
import {
  applyKycVerdict,
  type KycVerdict as CustomerKycVerdict,
  statedIdentity,
} from '#shared/customers/apply-kyc-verdict.ts';
import type { CustomerRecord } from '#shared/customers/records.ts';
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
 * A reviewer's verdict on a customer's KYC submission (approve with the verified identity, or reject with a reason,
 * for good or not). A verdict that waits for a second reviewer is recorded with its audit entry, guarded on the
 * customer as read. A deciding verdict is applied through `applyKycVerdict`, as the provider's webhook and the
 * sandbox routes apply theirs (same status changes, events, verified-name rules and sanctions screening), with the
 * review and its audit entry written in that same transaction.
 */
export async function decideKyc(deps: Deps, actor: ConsoleActor, input: { customerId: string; verdict: KycVerdict }) {
  const organizationId = actor.organization.organizationId;
  const customer = await requireCustomer(deps, organizationId, input.customerId);
  // An approval whose verified name hit a list waits for the screening review, which applies or refuses it.
  if (await isHeld(deps.db, organizationId, { kind: 'customer', customerId: customer.customerId })) {
    throw HELD_FOR_SCREENING.error();
  }
  if (!awaitsReview(customer)) throw NOT_AWAITING_REVIEW.error();
  const existing = await getKycReview(deps.db, organizationId, customer.customerId, customer.kycAttempts);
  if (existing?.status === 'DECIDED') throw NOT_AWAITING_REVIEW.error();
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
  const recorded: GuardedItem<string>[] = [
    kycReviewPut(deps.db, review, existing),
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
  try {
    if (review.status === 'AWAITING_SECOND') {
      await writeGuarded(deps.db, [...recorded, customerUnchanged(deps.db, customer)]);
      return outcomeView(customer, review);
    }
    const decided = await applyKycVerdict(deps, {
      organizationId,
      customerId: customer.customerId,
      verdict: customerVerdict(customer, review),
      alongside: () => recorded,
      seenVersion: customer.version,
    });
    return outcomeView({ customerId: customer.customerId, kycStatus: decided.kycStatus }, review);
  } catch (error) {
    if (error instanceof WriteConditionFailedError) throw REVIEW_CHANGED.error();
    throw error;
  }
}

/** The reviewers' verdict as every verifier's: a reject type `FINAL` is a final rejection, with the reason. */
function customerVerdict(customer: CustomerRecord, review: KycReviewRecord): CustomerKycVerdict {
  const { verdict } = review;
  if (verdict.decision === 'REJECT') {
    return { answer: 'REJECTED', final: verdict.rejectType === 'FINAL', reason: verdict.reason };
  }
  return {
    answer: 'APPROVED',
    identity: statedIdentity(customer, {
      name: verdict.verifiedName,
      address: verdict.address,
      nationality: verdict.nationality,
      dateOfBirth: verdict.dateOfBirth,
      registrationNumber: verdict.registrationNumber,
    }),
  };
}

function auditAction(review: KycReviewRecord): string {
  if (review.status === 'AWAITING_SECOND') return 'customer.kyc.review_awaiting_second';
  return review.verdict.decision === 'APPROVE' ? 'customer.kyc.review_approved' : 'customer.kyc.review_rejected';
}
