import { AddressSchema, IdDocSubTypeSchema, IdDocTypeSchema } from '#shared/customers/records.ts';
import { AddressInputSchema, DateOfBirthSchema } from '#shared/customers/schemas.ts';
import { RejectTypeSchema } from '#shared/reviews/records.ts';
import { described } from '#shared/routing/prose.ts';
import { PaginationQuery } from '#shared/routing/schemas.ts';
import { CountryCodeSchema } from '#shared/validation/country.ts';
import { text } from '#shared/validation/text.ts';
import * as z from '#shared/validation/zod.ts';

export const KycQueueQuery = z.strictObject({ ...PaginationQuery });

export const ReviewCustomerParams = z.strictObject({ customerId: z.uuid({ error: 'Must be a UUID' }) });

export const ApproveKycReviewBody = z.strictObject({
  verifiedName: text(140),
  address: AddressInputSchema,
  nationality: z.optional(CountryCodeSchema),
  dateOfBirth: z.optional(DateOfBirthSchema),
  registrationNumber: z.optional(text(50)),
});

export const RejectKycReviewBody = z.strictObject({ reason: text(500), rejectType: described(RejectTypeSchema) });

const ReviewerViewSchema = z.object({ email: z.string(), at: z.string() });

/** A verdict waiting for its second reviewer, as the queue and the review page show it. */
export const PendingVerdictSchema = z.object({
  decision: z.enum(['APPROVE', 'REJECT']),
  verifiedName: z.nullable(z.string()),
  address: z.nullable(AddressSchema),
  nationality: z.nullable(z.string()),
  dateOfBirth: z.nullable(z.string()),
  registrationNumber: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  rejectType: z.nullable(RejectTypeSchema),
  reviewers: z.array(ReviewerViewSchema),
});

export const KycQueueEntrySchema = z.object({
  customerId: z.string(),
  name: z.string(),
  email: z.string(),
  accountType: z.enum(['individual', 'corporate']),
  attempt: z.number(),
  waitingSince: z.string(),
  awaitingSecondReview: z.nullable(PendingVerdictSchema),
});

export const ReviewDocumentSchema = z.object({
  documentId: z.string(),
  idDocType: IdDocTypeSchema,
  idDocSubType: z.nullable(IdDocSubTypeSchema),
  country: z.string(),
  contentType: z.string(),
  size: z.number(),
  uploadedAt: z.string(),
  url: z.string(),
  urlExpiresAt: z.string(),
});

export const KycReviewSchema = z.object({
  customer: KycQueueEntrySchema,
  address: z.nullable(AddressSchema),
  kycStatus: z.string(),
  awaitingReview: z.boolean(),
  requiredReviewers: z.number(),
  documents: z.array(ReviewDocumentSchema),
});

export const KycReviewOutcomeSchema = z.object({
  customerId: z.string(),
  outcome: z.enum(['APPROVED', 'HELD_FOR_SCREENING', 'REJECTED', 'AWAITING_SECOND_REVIEW']),
  kycStatus: z.string(),
  reviewers: z.array(ReviewerViewSchema),
});

export const ReviewSettingsSchema = z.object({ requiredReviewers: z.number() });

export const ChangeReviewSettingsBody = z.strictObject({
  requiredReviewers: z.number().check(z.int(), z.gte(1), z.lte(2)),
});
