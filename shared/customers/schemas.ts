import { KycSchema, toKyc } from '#shared/customers/kyc-view.ts';
import type { CustomerRecord } from '#shared/customers/records.ts';
import {
  AccountTypeSchema,
  AddressSchema,
  IdDocSubTypeSchema,
  IdDocTypeSchema,
  KycLevelSchema,
  KycStatusSchema,
} from '#shared/customers/records.ts';
import { canonicalFiat, FiatAmountSchema } from '#shared/money/amounts.ts';
import { described } from '#shared/routing/prose.ts';
import { PaginationQuery } from '#shared/routing/schemas.ts';
import { withComposeTexts } from '#shared/validation/compose-texts.ts';
import { CountryCodeSchema } from '#shared/validation/country.ts';
import { EmailSchema } from '#shared/validation/email.ts';
import { text } from '#shared/validation/text.ts';
import * as z from '#shared/validation/zod.ts';

export const AddressInputSchema = z.strictObject({
  addressLine1: text(200),
  city: text(100),
  country: CountryCodeSchema,
  postalCode: text(20),
});
const CustomerName = text(140);

const CustomerEmail = described(EmailSchema);

const MonthlyVolume = z.optional(
  z.pipe(
    z.pipe(
      z.union([z.number(), z.string()]),
      z.transform((value) => (typeof value === 'number' ? String(value) : value)),
    ),
    z.pipe(FiatAmountSchema, z.transform(canonicalFiat)),
  ),
);

/**
 * Compose's createCustomer answers its own sentences ("Please enter a valid email address, Name is required"), e-mail
 * first; the other fields keep `<field>: <reason>`.
 */
export const CreateCustomerBody = withComposeTexts(
  z
    .strictObject({
      name: CustomerName,
      accountType: described(AccountTypeSchema),
      email: CustomerEmail,
      expectedMonthlyVolume: MonthlyVolume,
      /** Corporates: the registered business address, used for their withdrawal banks. Individuals get theirs from KYC. */
      address: z.optional(AddressInputSchema),
    })
    .check(
      z.superRefine((body, ctx) => {
        if (body.accountType === 'individual' && body.address) {
          ctx.addIssue({
            code: 'custom',
            path: ['address'],
            message: "Only corporate customers have a registered address; an individual's comes from KYC",
          });
        }
      }),
    ),
  {
    email: { invalid: 'Please enter a valid email address' },
    name: { missing: 'Name is required' },
  },
);
export type CreateCustomerInput = z.output<typeof CreateCustomerBody>;

/** The fields a customer's profile may change (Compose's `customer.updated`: name, e-mail, expected volume). */
export const UpdateCustomerBody = z
  .strictObject({
    name: z.optional(CustomerName),
    email: z.optional(CustomerEmail),
    expectedMonthlyVolume: MonthlyVolume,
  })
  .check(
    z.refine((body) => Object.keys(body).length > 0, {
      error: 'Send at least one of name, email, expectedMonthlyVolume',
    }),
  );
export type UpdateCustomerInput = z.output<typeof UpdateCustomerBody>;

export const CustomerSchema = z.object({
  customerId: z.uuid(),
  name: z.string(),
  email: z.string(),
  accountType: AccountTypeSchema,
  expectedMonthlyVolume: z.nullable(z.number()),
  kycVerified: z.boolean(),
  kyc: KycSchema,
  kycStatus: KycStatusSchema,
  verifiedName: z.nullable(z.string()),
  address: z.nullable(AddressSchema),
  enabled: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Customer = z.infer<typeof CustomerSchema>;

export const toCustomer = (record: CustomerRecord): Customer => ({
  customerId: record.customerId,
  name: record.name,
  email: record.email,
  accountType: record.accountType,
  // A JSON number as Compose answers it; stored as a 2-decimal string, so the number is exact to the cent.
  expectedMonthlyVolume: record.expectedMonthlyVolume === null ? null : Number(record.expectedMonthlyVolume),
  kycVerified: record.kycStatus === 'APPROVED',
  kyc: toKyc(record),
  kycStatus: record.kycStatus,
  verifiedName: record.verifiedName,
  address: record.address,
  enabled: record.enabled,
  createdAt: record.createdAt,
});

export const KycLinkSchema = z.object({ kycVerified: z.boolean(), kycFlowLink: z.nullable(z.url()) });

export const KycSubmittedSchema = z.object({ success: z.literal(true), message: z.string() });

export const SandboxKycLevelBody = z.strictObject({
  levelName: KycLevelSchema,
});

export const DisableCustomerBody = z.strictObject({
  reason: z.optional(text(500)),
});

export const DocumentFormFields = z.strictObject({
  idDocType: described(IdDocTypeSchema),
  idDocSubType: z.optional(IdDocSubTypeSchema),
  country: z
    .string()
    .check(z.regex(/^[A-Za-z]{3}$/, { error: 'Must be an ISO 3166-1 alpha-3 country code (e.g. GBR)' })),
});

export const DocumentUploadedSchema = z.object({
  success: z.literal(true),
  idDocType: IdDocTypeSchema,
  idDocSubType: z.nullable(IdDocSubTypeSchema),
  country: z.string(),
  reviewTriggered: z.boolean(),
});

export const SandboxKycApproveBody = z.strictObject({
  verifiedName: z.optional(text(140)),
  address: z.optional(AddressInputSchema),
});

export const ListCustomersQuery = z.strictObject({
  ...PaginationQuery,
  search: z.optional(z.string().check(z.trim(), z.minLength(1, { error: 'Must not be empty' }), z.maxLength(100))),
});

/** Lower case with diacritics kept: `Lovelace` finds `ada.lovelace@example.com` and `Ada LOVELACE`. */
export const customerMatches = (search: string) => {
  const needle = search.toLowerCase();
  return (customer: CustomerRecord) =>
    customer.name.toLowerCase().includes(needle) || customer.email.toLowerCase().includes(needle);
};
