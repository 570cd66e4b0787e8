import { AddressSchema } from '#shared/customers/records.ts';
import * as z from '#shared/validation/zod.ts';

/** Whether a rejected customer may submit again (`RETRY`) or never (`FINAL`), as KYC providers answer it. */
export const RejectTypeSchema = z.enum(['RETRY', 'FINAL']);
export type RejectType = z.infer<typeof RejectTypeSchema>;

/**
 * A reviewer's verdict on one submission: approve with the identity the documents show (nationality and date of
 * birth where given; a corporate's registration number), or reject with a reason.
 */
export const KycVerdictSchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('APPROVE'),
    verifiedName: z.string(),
    address: AddressSchema,
    nationality: z._default(z.nullable(z.string()), null),
    dateOfBirth: z._default(z.nullable(z.string()), null),
    registrationNumber: z._default(z.nullable(z.string()), null),
  }),
  z.object({ decision: z.literal('REJECT'), reason: z.string(), rejectType: RejectTypeSchema }),
]);
export type KycVerdict = z.infer<typeof KycVerdictSchema>;

export const ReviewerSchema = z.object({ memberId: z.string(), email: z.string(), at: z.string() });
export type Reviewer = z.infer<typeof ReviewerSchema>;

/**
 * One submission's review. With two reviewers required the first decision waits (`AWAITING_SECOND`) until another
 * member gives the same verdict; `DECIDED` once the required reviewers agree, written in the transaction that
 * applies the verdict to the customer.
 */
export const KycReviewRecordSchema = z.object({
  organizationId: z.string(),
  customerId: z.string(),
  attempt: z.number().check(z.int(), z.gte(0)),
  status: z.enum(['AWAITING_SECOND', 'DECIDED']),
  verdict: KycVerdictSchema,
  reviewers: z.array(ReviewerSchema),
  requiredReviewers: z.number().check(z.int(), z.gte(1), z.lte(2)),
});
export type KycReviewRecord = z.infer<typeof KycReviewRecordSchema>;

/** The organization's review settings: how many different members must give a KYC verdict. Absent: one. */
export const ReviewSettingsRecordSchema = z.object({
  organizationId: z.string(),
  requiredReviewers: z.number().check(z.int(), z.gte(1), z.lte(2)),
  updatedAt: z.string(),
});
export type ReviewSettingsRecord = z.infer<typeof ReviewSettingsRecordSchema>;
