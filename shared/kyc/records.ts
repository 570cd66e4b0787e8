import * as z from '#shared/validation/zod.ts';

/** Which customer a provider's applicant is (stored both ways: by the customer and by the applicant). */
export const ApplicantLinkSchema = z.object({
  provider: z.string(),
  applicantId: z.string(),
  organizationId: z.string(),
  customerId: z.string(),
  createdAt: z.string(),
});
export type ApplicantLink = z.infer<typeof ApplicantLinkSchema>;

/** A provider event applied: its id, what it was and when; kept past the replay window, then expired. */
export const ProviderEventReceiptSchema = z.object({
  provider: z.string(),
  eventId: z.string(),
  applicantId: z.string(),
  kind: z.string(),
  receivedAt: z.string(),
});
export type ProviderEventReceipt = z.infer<typeof ProviderEventReceiptSchema>;
