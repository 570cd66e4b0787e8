import * as z from 'zod';

/** The stored shapes of the customers area: what the table holds, parsed on every read (see `repository.ts`). */
export const AccountTypeSchema = z.enum(['individual', 'corporate']);

export const KycStatusSchema = z.enum(['NOT_STARTED', 'PENDING', 'APPROVED', 'REJECTED']);

export type KycStatus = z.infer<typeof KycStatusSchema>;

export const AddressSchema = z
  .object({
    addressLine1: z.string(),
    city: z.string(),
    country: z.string(),
    postalCode: z.string(),
  })
  .meta({
    id: 'Address',
    examples: [{ addressLine1: 'Friedrichstraße 123', city: 'Berlin', country: 'DE', postalCode: '10117' }],
  });

export type Address = z.infer<typeof AddressSchema>;
/** The stored customer; parsed on every read. */
export const CustomerRecordSchema = z.object({
  customerId: z.string(),
  organizationId: z.string(),
  name: z.string(),
  email: z.string(),
  accountType: AccountTypeSchema,
  expectedMonthlyVolume: z.string().nullable(),
  kycStatus: KycStatusSchema,
  verifiedName: z.string().nullable(),
  address: AddressSchema.nullable(),
  /** Stable 10-character reference a payer quotes on bank deposits (deposit details). */
  depositReference: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * KYC reviews submitted (`POST .../kyc/submit`; Compose allows 4). Absent on customers stored before it: 0.
   */
  kycAttempts: z.number().int().min(0).default(0),
  /** A submitted review awaits the provider's verdict (no second submission meanwhile). Absent: false. */
  kycInReview: z.boolean().default(false),
  /** Optimistic-concurrency counter: every change is conditional on the version it read. */
  version: z.number().int().min(1),
});

export type CustomerRecord = z.infer<typeof CustomerRecordSchema>;
