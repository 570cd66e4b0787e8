import type { Transition } from '#shared/events/status-change.ts';
import * as z from '#shared/validation/zod.ts';

/** The stored shapes of the customers area: what the table holds, parsed on every read (see `repository.ts`). */
export const AccountTypeSchema = z.enum(['individual', 'corporate']);

export const KycStatusSchema = z.enum(['NOT_STARTED', 'PENDING', 'APPROVED', 'REJECTED']);

export type KycStatus = z.infer<typeof KycStatusSchema>;

/**
 * KYC's status changes, as data. Starting the flow (again) needs no event; a verdict ends a review; a submission
 * starts one, from a started flow or after a rejection.
 */
export const KYC_TRANSITIONS = {
  initiate: { from: ['NOT_STARTED', 'PENDING', 'REJECTED'], to: 'PENDING' },
  submit: { from: ['PENDING', 'REJECTED'], to: 'PENDING', event: 'customer.kyc.submitted' },
  approve: { from: ['NOT_STARTED', 'PENDING', 'REJECTED'], to: 'APPROVED', event: 'customer.kyc.approved' },
  reject: { from: ['NOT_STARTED', 'PENDING'], to: 'REJECTED', event: 'customer.kyc.rejected' },
} as const satisfies Record<string, Transition<KycStatus>>;

export const AddressSchema = z
  .object({
    addressLine1: z.string(),
    city: z.string(),
    country: z.string(),
    postalCode: z.string(),
  })
  .check(
    z.meta({
      id: 'Address',
      examples: [{ addressLine1: 'Friedrichstraße 123', city: 'Berlin', country: 'DE', postalCode: '10117' }],
    }),
  );

export type Address = z.infer<typeof AddressSchema>;
/** Compose's KYC levels (its getCustomer page and demo): what the provider verified the customer for. */
export const KYC_LEVELS = ['customers-api-basic', 'customers-api-enhanced'] as const;
export const KycLevelSchema = z.enum(KYC_LEVELS);
export type KycLevel = z.infer<typeof KycLevelSchema>;

/** Compose's document types (`idDocType`) and sides (`idDocSubType`) of a KYC document upload. */
export const ID_DOC_TYPES = ['PASSPORT', 'ID_CARD', 'DRIVERS', 'RESIDENCE_PERMIT', 'PROOF_OF_ADDRESS'] as const;
export const IdDocTypeSchema = z.enum(ID_DOC_TYPES);
export type IdDocType = z.infer<typeof IdDocTypeSchema>;
export const IdDocSubTypeSchema = z.enum(['FRONT_SIDE', 'BACK_SIDE']);
export type IdDocSubType = z.infer<typeof IdDocSubTypeSchema>;

/**
 * What the customer's uploads have covered, step by step: the identity document's type and the sides seen of it (a
 * new type starts over), and how many documents each step got.
 */
export const KycDocumentsSchema = z.object({
  identity: z.object({
    documentType: z.nullable(IdDocTypeSchema),
    sides: z.array(IdDocSubTypeSchema),
    count: z.number().check(z.int(), z.gte(0)),
  }),
  proofOfAddress: z.object({ count: z.number().check(z.int(), z.gte(0)) }),
});
export type KycDocuments = z.infer<typeof KycDocumentsSchema>;
export const NO_KYC_DOCUMENTS: KycDocuments = {
  identity: { documentType: null, sides: [], count: 0 },
  proofOfAddress: { count: 0 },
};

/** One uploaded KYC document: where its bytes are and what they are (by content, never by the client's word). */
export const KycDocumentRecordSchema = z.object({
  documentId: z.string(),
  organizationId: z.string(),
  customerId: z.string(),
  idDocType: IdDocTypeSchema,
  idDocSubType: z.nullable(IdDocSubTypeSchema),
  country: z.string(),
  contentType: z.enum(['image/jpeg', 'image/png', 'application/pdf']),
  size: z.number().check(z.int(), z.gte(1)),
  sha256: z.string(),
  objectKey: z.string(),
  uploadedAt: z.string(),
});
export type KycDocumentRecord = z.infer<typeof KycDocumentRecordSchema>;

/** A beneficial owner of a corporate, as the provider verified them (KYB). */
export const BeneficialOwnerSchema = z.object({
  name: z.string(),
  dateOfBirth: z.nullable(z.string()),
  nationality: z.nullable(z.string()),
  /** Share of ownership in percent, as a decimal string; null where the provider gave none (a controller). */
  ownershipPercent: z.nullable(z.string()),
});
export type BeneficialOwner = z.infer<typeof BeneficialOwnerSchema>;

/** What KYB verified of a corporate: its registered name (the corporate's verified name), number, country, owners. */
export const VerifiedCompanySchema = z.object({
  registeredName: z.string(),
  registrationNumber: z.nullable(z.string()),
  /** ISO 3166-1 alpha-2 country of registration. */
  country: z.string(),
  beneficialOwners: z.array(BeneficialOwnerSchema),
});
export type VerifiedCompany = z.infer<typeof VerifiedCompanySchema>;

/** Why the last verdict rejected the customer, and whether it may try again (the provider's RETRY) or not (FINAL). */
export const KycRejectionSchema = z.object({ final: z.boolean(), reason: z.nullable(z.string()) });
export type KycRejection = z.infer<typeof KycRejectionSchema>;

/** The stored customer; parsed on every read. */
export const CustomerRecordSchema = z.object({
  customerId: z.string(),
  organizationId: z.string(),
  name: z.string(),
  email: z.string(),
  accountType: AccountTypeSchema,
  expectedMonthlyVolume: z.nullable(z.string()),
  kycStatus: KycStatusSchema,
  verifiedName: z.nullable(z.string()),
  address: z.nullable(AddressSchema),
  /** Verified nationality, ISO 3166-1 alpha-2 (individuals); null where KYC gave none. Absent on older items. */
  nationality: z._default(z.nullable(z.string()), null),
  /** Verified date of birth, `YYYY-MM-DD` (individuals); null where KYC gave none. Absent on older items. */
  dateOfBirth: z._default(z.nullable(z.string()), null),
  /** What KYB verified of a corporate; null for individuals and before the verdict. Absent on older items. */
  verifiedCompany: z._default(z.nullable(VerifiedCompanySchema), null),
  /** The last rejection's reason and whether it was final; null unless `REJECTED`. Absent on older items. */
  kycRejection: z._default(z.nullable(KycRejectionSchema), null),
  /** Stable 10-character reference a payer quotes on bank deposits (deposit details). */
  depositReference: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * KYC reviews submitted (`POST .../kyc/submit`; Compose allows 4). Absent on customers stored before it: 0.
   */
  kycAttempts: z._default(z.number().check(z.int(), z.gte(0)), 0),
  /** A submitted review awaits the provider's verdict (no second submission meanwhile). Absent: false. */
  kycInReview: z._default(z.boolean(), false),
  /** The level the provider verified the customer for (`kyc.levelName`). Absent: the basic level. */
  kycLevel: z._default(KycLevelSchema, 'customers-api-basic'),
  /** False once disabled (`POST .../disable`): no new banks, deposit details, accounts or withdrawals. Absent: true. */
  enabled: z._default(z.boolean(), true),
  /** The documents uploaded through the API (`POST .../documents`). Absent on customers stored before: none. */
  kycDocuments: z._default(KycDocumentsSchema, NO_KYC_DOCUMENTS),
  /**
   * The organization's own fee on this customer's withdrawals and deposits, in basis points (Compose's
   * `developerSpreadFeeBps`, 0-2500; `PATCH .../developer-fees`). Absent on customers stored before it: 0.
   */
  developerSpreadFeeBps: z._default(z.number().check(z.int(), z.gte(0), z.lte(2500)), 0),
  /** When the developer fee was last set (null: never; the answer then shows the customer's creation time). */
  developerFeesUpdatedAt: z._default(z.nullable(z.string()), null),
  /** Optimistic-concurrency counter: every change is conditional on the version it read. */
  version: z.number().check(z.int(), z.gte(1)),
});

export type CustomerRecord = z.infer<typeof CustomerRecordSchema>;
