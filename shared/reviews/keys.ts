import type { Key, KeySpace } from '#shared/db/table-keys.ts';

/**
 * The organization's own KYC reviews: one item per decided (or half-decided) submission of a customer, keyed by
 * the submission's attempt number, so a resubmission after a RETRY is a review of its own; and the organization's
 * review settings.
 */
export const reviewKeys = {
  kycReview: (organizationId: string, customerId: string, attempt: number): Key => ({
    pk: `ORG#${organizationId}#KYCREVIEW#${customerId}`,
    sk: `ATTEMPT#${String(attempt).padStart(4, '0')}`,
  }),
  reviewSettings: (organizationId: string): Key => ({
    pk: `ORG#${organizationId}#REVIEWSETTINGS`,
    sk: 'REVIEWSETTINGS',
  }),
} as const;

export const REVIEW_KEY_SPACES: KeySpace[] = [{ pk: 'ORG#{}#KYCREVIEW#{}' }, { pk: 'ORG#{}#REVIEWSETTINGS' }];
