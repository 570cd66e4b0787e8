import type { KycVerdict, VerifiedIdentity } from '#shared/customers/apply-kyc-verdict.ts';
import type { Address, KycLevel } from '#shared/customers/records.ts';

/**
 * The contract every KYC provider adapter keeps (one folder each, looked up by name in `providers.ts`, never
 * branched on). The use cases (`start-provider-kyc.ts`, `receive-provider-webhook.ts`) speak only this.
 */
export interface KycProvider {
  /**
   * Creates the provider's applicant for the customer at `level` (KYB for a corporate), or finds the one it already
   * holds for this `externalUserId`; answers the applicant's id.
   */
  ensureApplicant(input: {
    externalUserId: string;
    accountType: 'individual' | 'corporate';
    level: string;
    email: string;
  }): Promise<string>;
  /** The hosted flow's link the person is sent to. */
  flowLink(input: { externalUserId: string; level: string }): Promise<string>;
  /** What the provider verified of the applicant (name, address, nationality, birth date; for KYB the company). */
  verifiedIdentity(applicantId: string, fallback: { address: Address | null }): Promise<VerifiedIdentity>;
  /**
   * Authenticates a webhook (the raw body and headers, as received) and reads it. `undefined`: not the provider's
   * (bad or missing signature); the caller refuses it.
   */
  readWebhook(body: Buffer, header: (name: string) => string | undefined): ProviderEvent | undefined;
}

/** A provider's webhook, read: its id (for idempotency), when it was made, the applicant, and what it says. */
export type ProviderEvent = {
  eventId: string;
  createdAt: Date;
  applicantId: string;
  happened:
    | { kind: 'reviewed'; verdict: ProviderVerdict }
    | { kind: 'pending' }
    | { kind: 'levelChanged'; level: KycLevel | null }
    | { kind: 'ignored'; type: string };
};

/** A review's outcome as the provider states it; an approval's identity is fetched from the provider afterwards. */
export type ProviderVerdict = { answer: 'APPROVED' } | Extract<KycVerdict, { answer: 'REJECTED' }>;

/** The provider's webhook could not be read (shape), after its signature was good. */
export class ProviderPayloadError extends Error {}
