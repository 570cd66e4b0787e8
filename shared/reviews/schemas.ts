import { AddressSchema, IdDocSubTypeSchema, IdDocTypeSchema } from '#shared/customers/records.ts';
import { AddressInputSchema } from '#shared/customers/schemas.ts';
import { RejectTypeSchema } from '#shared/reviews/records.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import { PaginationQuery } from '#shared/routing/schemas.ts';
import { text } from '#shared/validation/text.ts';
import * as z from '#shared/validation/zod.ts';

export const KycQueueQuery = z.strictObject({ ...PaginationQuery });

export const ReviewCustomerParams = z.strictObject({ customerId: z.uuid({ error: 'Must be a UUID' }) });

export const ApproveKycReviewBody = z
  .strictObject({
    verifiedName: text(140).check(
      docMeta(
        OPENAPI_PROSE && {
          description: 'The name as the documents show it: every withdrawal bank of the customer must be in it.',
          examples: ['Ada Lovelace'],
        },
      ),
    ),
    address: AddressInputSchema,
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ApproveKycReviewRequest',
        examples: [
          {
            verifiedName: 'Ada Lovelace',
            address: { addressLine1: 'Friedrichstraße 123', city: 'Berlin', country: 'DE', postalCode: '10117' },
          },
        ],
      },
    ),
  );

export const RejectKycReviewBody = z
  .strictObject({
    reason: text(500).check(
      docMeta(
        OPENAPI_PROSE && { description: 'Why, as the reviewer saw it (audited)', examples: ['Document expired'] },
      ),
    ),
    rejectType: RejectTypeSchema.check(
      docMeta(
        OPENAPI_PROSE && {
          description: '`RETRY`: the customer may submit again; `FINAL`: never again (KYC is refused for good).',
        },
      ),
    ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'RejectKycReviewRequest',
        examples: [{ reason: 'Document expired', rejectType: 'RETRY' }],
      },
    ),
  );

const ReviewerViewSchema = z.object({ email: z.string(), at: z.string() });

/** A verdict waiting for its second reviewer, as the queue and the review page show it. */
export const PendingVerdictSchema = z.object({
  decision: z.enum(['APPROVE', 'REJECT']),
  verifiedName: z.nullable(z.string()),
  address: z.nullable(AddressSchema),
  reason: z.nullable(z.string()),
  rejectType: z.nullable(RejectTypeSchema),
  reviewers: z.array(ReviewerViewSchema),
});

export const KycQueueEntrySchema = z
  .object({
    customerId: z.string(),
    name: z.string(),
    email: z.string(),
    accountType: z.enum(['individual', 'corporate']),
    attempt: z.number(),
    waitingSince: z.string(),
    awaitingSecondReview: z.nullable(PendingVerdictSchema),
  })
  .check(docMeta(OPENAPI_PROSE && { id: 'KycQueueEntry' }));

export const ReviewDocumentSchema = z.object({
  documentId: z.string(),
  idDocType: IdDocTypeSchema,
  idDocSubType: z.nullable(IdDocSubTypeSchema),
  country: z.string(),
  contentType: z.string(),
  size: z.number(),
  uploadedAt: z.string(),
  url: z.string().check(
    docMeta(
      OPENAPI_PROSE && {
        description: 'A presigned GET of the document in its bucket, valid until `urlExpiresAt` (never proxied)',
      },
    ),
  ),
  urlExpiresAt: z.string(),
});

export const KycReviewSchema = z
  .object({
    customer: KycQueueEntrySchema,
    address: z.nullable(AddressSchema),
    kycStatus: z.string(),
    awaitingReview: z.boolean(),
    requiredReviewers: z.number(),
    documents: z.array(ReviewDocumentSchema),
  })
  .check(docMeta(OPENAPI_PROSE && { id: 'KycReview' }));

export const KycReviewOutcomeSchema = z
  .object({
    customerId: z.string(),
    outcome: z.enum(['APPROVED', 'REJECTED', 'AWAITING_SECOND_REVIEW']),
    kycStatus: z.string(),
    reviewers: z.array(ReviewerViewSchema),
  })
  .check(docMeta(OPENAPI_PROSE && { id: 'KycReviewOutcome' }));

export const ReviewSettingsSchema = z
  .object({ requiredReviewers: z.number() })
  .check(docMeta(OPENAPI_PROSE && { id: 'ReviewSettings' }));

export const ChangeReviewSettingsBody = z
  .strictObject({
    requiredReviewers: z
      .number()
      .check(
        z.int(),
        z.gte(1),
        z.lte(2),
        docMeta(OPENAPI_PROSE && { description: 'How many different members must give a KYC verdict: 1 or 2' }),
      ),
  })
  .check(docMeta(OPENAPI_PROSE && { id: 'ChangeReviewSettingsRequest', examples: [{ requiredReviewers: 2 }] }));
