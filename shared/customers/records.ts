import * as z from '#shared/validation/zod.ts';

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
  .check(
    z.meta({
      id: 'Address',
      examples: [{ addressLine1: 'Friedrichstraße 123', city: 'Berlin', country: 'DE', postalCode: '10117' }],
    }),
  );

export type Address = z.infer<typeof AddressSchema>;
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
