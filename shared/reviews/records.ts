import { AddressSchema } from '#shared/customers/records.ts';
import * as z from '#shared/validation/zod.ts';

/** Whether a rejected customer may submit again (`RETRY`) or never (`FINAL`), as KYC providers answer it. */
export const RejectTypeSchema = z.enum(['RETRY', 'FINAL']);
export type RejectType = z.infer<typeof RejectTypeSchema>;

/** A reviewer's verdict on one submission: approve with the verified identity, or reject with a reason. */
export const KycVerdictSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('APPROVE'), verifiedName: z.string(), address: AddressSchema }),
  z.object({ decision: z.literal('REJECT'), reason: z.string(), rejectType: RejectTypeSchema }),
]);
export type KycVerdict = z.infer<typeof KycVerdictSchema>;

export const ReviewerSchema = z.object({ memberId: z.string(), email: z.string(), at: z.string() });
export type Reviewer = z.infer<typeof ReviewerSchema>;

/**
 * One submission's review. With two reviewers required the first decision waits (`AWAITING_SECOND`) until another
 * member gives the same verdict; `DECIDED` once the required reviewers agree, after which the verdict is applied
 * to the customer (and applied again by the next reviewer's call should the first application not have finished).
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
