import { alpha2Of } from '#shared/validation/country-alpha3.ts';
import { text } from '#shared/validation/text.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * What the service reads of Sumsub's answers and webhooks, parsed at the edge (unknown fields pass: Sumsub adds
 * fields over time). Sources: applicant data https://docs.sumsub.com/reference/get-applicant-data, company data
 * (KYB 2.0 `companyInfo`, `beneficiaries` with `types`, `shareSize`, `beneficiaryInfo`)
 * https://docs.sumsub.com/reference/create-applicants, webhooks https://docs.sumsub.com/docs/user-verification-webhooks.
 */

/** ISO 3166-1 alpha-3, as Sumsub writes countries and nationalities, read as the alpha-2 the service keeps. */
const Alpha3 = z.pipe(
  z.string(),
  z.transform((code, ctx) => {
    const alpha2 = alpha2Of(code);
    if (!alpha2) {
      ctx.issues.push({
        code: 'custom',
        message: `Must be an ISO 3166-1 alpha-3 country code, not ${code}`,
        input: code,
      });
      return z.NEVER;
    }
    return alpha2;
  }),
);

const SumsubAddressSchema = z.object({
  street: z.optional(text(200)),
  buildingNumber: z.optional(text(20)),
  flatNumber: z.optional(text(20)),
  town: z.optional(text(100)),
  postCode: z.optional(text(20)),
  country: z.optional(Alpha3),
});
export type SumsubAddress = z.infer<typeof SumsubAddressSchema>;

const BeneficiarySchema = z.object({
  applicantId: z.optional(z.string()),
  types: z.optional(z.array(z.string())),
  shareSize: z.optional(z.number()),
  beneficiaryInfo: z.optional(
    z.object({
      firstName: z.optional(text(100)),
      lastName: z.optional(text(100)),
      dob: z.optional(z.string()),
      nationality: z.optional(Alpha3),
    }),
  ),
});

export const CompanyInfoSchema = z.object({
  companyName: text(140),
  registrationNumber: z.optional(text(50)),
  country: Alpha3,
  legalAddress: z.optional(z.string()),
  address: z.optional(SumsubAddressSchema),
  beneficiaries: z._default(z.array(BeneficiarySchema), []),
});

/** `GET /resources/applicants/{applicantId}/one`: the applicant with what was verified of them. */
export const ApplicantSchema = z.object({
  id: z.string(),
  externalUserId: z.optional(z.string()),
  type: z.optional(z.enum(['individual', 'company'])),
  levelName: z.optional(z.string()),
  info: z._default(
    z.object({
      firstName: z.optional(text(100)),
      firstNameEn: z.optional(text(100)),
      middleName: z.optional(text(100)),
      middleNameEn: z.optional(text(100)),
      lastName: z.optional(text(100)),
      lastNameEn: z.optional(text(100)),
      dob: z.optional(z.string()),
      country: z.optional(Alpha3),
      nationality: z.optional(Alpha3),
      addresses: z.optional(z.array(SumsubAddressSchema)),
      companyInfo: z.optional(CompanyInfoSchema),
    }),
    {},
  ),
  review: z.optional(
    z.object({
      reviewStatus: z.optional(z.string()),
      reviewResult: z.optional(z.object({ reviewAnswer: z.optional(z.string()) })),
    }),
  ),
});
export type SumsubApplicant = z.infer<typeof ApplicantSchema>;

/** `POST /resources/applicants?levelName=`: the created applicant (its id is all the service keeps). */
export const CreatedApplicantSchema = z.object({ id: z.string() });

/** `POST /resources/sdkIntegrations/levels/-/websdkLink`: the permalink to send the person to. */
export const WebSdkLinkSchema = z.object({ url: z.url() });

/** The webhooks the service acts on; every other type is acknowledged and ignored. */
export const SUMSUB_WEBHOOK_TYPES = ['applicantReviewed', 'applicantPending', 'applicantLevelChanged'] as const;

export const WebhookPayloadSchema = z.object({
  type: z.string(),
  applicantId: z.string(),
  /** The event's own id: a webhook resent, or replayed, carries the same. */
  correlationId: z.string().check(z.minLength(1), z.maxLength(200)),
  externalUserId: z.optional(z.string()),
  levelName: z.optional(z.string()),
  previousLevelName: z.optional(z.string()),
  reviewStatus: z.optional(z.string()),
  /** `yyyy-MM-dd HH:mm:ss.SSS`, UTC. */
  createdAtMs: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,3})?$/)),
  reviewResult: z.optional(
    z.object({
      reviewAnswer: z.enum(['GREEN', 'RED']),
      /** `FINAL` or `RETRY` (anything else is read as RETRY: the person may try again). */
      reviewRejectType: z.optional(z.string()),
      rejectLabels: z.optional(z.array(z.string())),
      moderationComment: z.optional(z.string()),
      clientComment: z.optional(z.string()),
    }),
  ),
});
export type SumsubWebhook = z.infer<typeof WebhookPayloadSchema>;

/** `createdAtMs` as a time: Sumsub writes it in UTC without a zone. */
export const createdAtOf = (payload: SumsubWebhook): Date => new Date(`${payload.createdAtMs.replace(' ', 'T')}Z`);
