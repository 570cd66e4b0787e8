import { describe, expect, it } from 'vitest';
import type { KycVerdict } from '#shared/reviews/records.ts';
import { nextReview, sameVerdict } from '#shared/reviews/review-rules.ts';

const address = { addressLine1: 'Via Roma 1', city: 'Milano', country: 'IT', postalCode: '20121' };
const approve = {
  decision: 'APPROVE',
  verifiedName: 'Marco Rossi',
  address,
  nationality: 'IT',
  dateOfBirth: null,
  registrationNumber: null,
} as const satisfies KycVerdict;
const retry = { decision: 'REJECT', reason: 'blurred', rejectType: 'RETRY' } as const satisfies KycVerdict;
const reviewer = (memberId: string) => ({ memberId, email: `${memberId}@example.com`, at: '2026-01-01T00:00:00.000Z' });
const base = { organizationId: 'o', customerId: 'c', attempt: 1 };

describe('KYC review rules', () => {
  it('decides a first verdict at once when one reviewer suffices, and waits when two are required', () => {
    expect(
      nextReview({ ...base, existing: undefined, requiredReviewers: 1, verdict: approve, reviewer: reviewer('a') }),
    ).toMatchObject({ status: 'DECIDED', reviewers: [{ memberId: 'a' }] });
    expect(
      nextReview({ ...base, existing: undefined, requiredReviewers: 2, verdict: approve, reviewer: reviewer('a') }),
    ).toMatchObject({ status: 'AWAITING_SECOND', reviewers: [{ memberId: 'a' }] });
  });

  it('refuses the waiting verdict its own member as second reviewer, whatever the verdict', () => {
    const existing = nextReview({
      ...base,
      existing: undefined,
      requiredReviewers: 2,
      verdict: approve,
      reviewer: reviewer('a'),
    });
    for (const verdict of [approve, retry]) {
      expect(() => nextReview({ ...base, existing, requiredReviewers: 2, verdict, reviewer: reviewer('a') })).toThrow(
        /another member must give it/,
      );
    }
  });

  it('decides with another member agreeing, and replaces the waiting verdict when they disagree', () => {
    const existing = nextReview({
      ...base,
      existing: undefined,
      requiredReviewers: 2,
      verdict: approve,
      reviewer: reviewer('a'),
    });
    const agreed = nextReview({ ...base, existing, requiredReviewers: 2, verdict: approve, reviewer: reviewer('b') });
    const replaced = nextReview({ ...base, existing, requiredReviewers: 2, verdict: retry, reviewer: reviewer('b') });
    expect(agreed).toMatchObject({ status: 'DECIDED', reviewers: [{ memberId: 'a' }, { memberId: 'b' }] });
    expect(replaced).toMatchObject({ status: 'AWAITING_SECOND', verdict: retry, reviewers: [{ memberId: 'b' }] });
  });

  it('counts approvals alike only with the same identity, and rejections of the same kind', () => {
    expect(sameVerdict(approve, { ...approve })).toBe(true);
    expect(sameVerdict(approve, { ...approve, verifiedName: 'Marco Antonio Rossi' })).toBe(false);
    expect(sameVerdict(approve, { ...approve, address: { ...address, postalCode: '20122' } })).toBe(false);
    expect(sameVerdict(approve, { ...approve, nationality: null })).toBe(false);
    expect(sameVerdict(approve, { ...approve, dateOfBirth: '1980-02-01' })).toBe(false);
    expect(sameVerdict(retry, { ...retry, reason: 'other words' })).toBe(true);
    expect(sameVerdict(retry, { ...retry, rejectType: 'FINAL' })).toBe(false);
    expect(sameVerdict(approve, retry)).toBe(false);
  });
});
