import type { Key, KeySpace } from '#shared/db/table-keys.ts';

/**
 * The KYC providers' items: which applicant of a provider is which customer (both ways), and the receipt of each
 * provider event applied (idempotency: a resent or replayed event finds it).
 */
export const kycProviderKeys = {
  /** The customer's applicant at a provider, beside the customer. */
  kycApplicantOfCustomer: (organizationId: string, customerId: string, provider: string): Key => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    sk: `KYCAPPLICANT#${provider}`,
  }),
  /** A provider's applicant: whose customer it is (its webhooks name the applicant only). */
  kycApplicant: (provider: string, applicantId: string): Key => ({
    pk: `KYCAPPLICANT#${provider}#${applicantId}`,
    sk: 'KYCAPPLICANT',
  }),
  /** A provider event applied, by the provider's own event id. */
  kycProviderReceipt: (provider: string, eventId: string): Key => ({
    pk: `KYCEVENT#${provider}#${eventId}`,
    sk: 'KYCEVENT',
  }),
} as const;

export const KYC_PROVIDER_KEY_SPACES: KeySpace[] = [
  { pk: 'ORG#{}#CUSTOMER#{}', sk: 'KYCAPPLICANT#' },
  { pk: 'KYCAPPLICANT#' },
  { pk: 'KYCEVENT#' },
];
