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
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import { PaginationQuery } from '#shared/routing/schemas.ts';
import { withComposeTexts } from '#shared/validation/compose-texts.ts';
import { CountryCodeSchema } from '#shared/validation/country.ts';
import { EmailSchema } from '#shared/validation/email.ts';
import { text } from '#shared/validation/text.ts';
import * as z from '#shared/validation/zod.ts';

export const AddressInputSchema = z
  .strictObject({
    addressLine1: text(200).check(
      docMeta(OPENAPI_PROSE && { description: 'Street and house number', examples: ['Friedrichstraße 123'] }),
    ),
    city: text(100).check(docMeta(OPENAPI_PROSE && { description: 'City or town', examples: ['Berlin'] })),
    country: CountryCodeSchema,
    postalCode: text(20).check(
      docMeta(OPENAPI_PROSE && { description: 'Postal code as the country writes it', examples: ['10117'] }),
    ),
  })
  .check(docMeta(OPENAPI_PROSE && { id: 'AddressInput' }));
const CustomerName = text(140).check(
  docMeta(
    OPENAPI_PROSE && {
      description:
        "The customer's name (trimmed, inner whitespace folded). KYC records the verified name, which every " +
        "withdrawal bank's `beneficiaryName` must then match.",
    },
  ),
);

const CustomerEmail = EmailSchema.check(docMeta(OPENAPI_PROSE && { description: "The customer's e-mail address" }));

const MonthlyVolume = z
  .optional(
    z.pipe(
      z.pipe(
        z.union([z.number(), z.string()]),
        z.transform((value) => (typeof value === 'number' ? String(value) : value)),
      ),
      z.pipe(FiatAmountSchema, z.transform(canonicalFiat)),
    ),
  )
  .check(
    docMeta(
      OPENAPI_PROSE && {
        description:
          'Expected monthly payout volume in USD: a JSON number as Compose sends it (`25000`) or a decimal string ' +
          '(`"25000.00"`), positive, at most 2 decimals; answered as a JSON number',
        examples: [25000],
      },
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
      accountType: AccountTypeSchema.check(
        docMeta(OPENAPI_PROSE && { description: '`individual` (a person) or `corporate` (a company)' }),
      ),
      email: CustomerEmail,
      expectedMonthlyVolume: MonthlyVolume,
      /** Corporates: the registered business address, used for their withdrawal banks. Individuals get theirs from KYC. */
      address: z.optional(AddressInputSchema).check(
        docMeta(
          OPENAPI_PROSE && {
            description:
              "Corporates only: the registered business address, used for their withdrawal banks (an individual's " +
              'address comes from KYC; sending one is a 400)',
          },
        ),
      ),
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
      docMeta(
        OPENAPI_PROSE && {
          id: 'CreateCustomerRequest',
          examples: [
            { name: 'Ada Lovelace', accountType: 'individual', email: 'ada@example.com', expectedMonthlyVolume: 2500 },
          ],
        },
      ),
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
    docMeta(OPENAPI_PROSE && { id: 'UpdateCustomerRequest', examples: [{ email: 'ada.lovelace@example.com' }] }),
  );
export type UpdateCustomerInput = z.output<typeof UpdateCustomerBody>;

export const CustomerSchema = z
  .object({
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
    enabled: z.boolean().check(
      docMeta(
        OPENAPI_PROSE && {
          description: 'False once disabled: reads go on, new banks, deposits and withdrawals are refused (403)',
        },
      ),
    ),
    createdAt: z.iso.datetime(),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'Customer',
        examples: [
          {
            customerId: '3b241101-e2bb-4255-8caf-4136c566a962',
            name: 'Ada Lovelace',
            email: 'ada@example.com',
            accountType: 'individual',
            expectedMonthlyVolume: 2500,
            kycVerified: false,
            kyc: toKyc({ kycStatus: 'NOT_STARTED' }),
            kycStatus: 'NOT_STARTED',
            verifiedName: null,
            address: null,
            enabled: true,
            createdAt: '2026-11-21T10:00:00.000Z',
          },
        ],
      },
    ),
  );
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

export const KycLinkSchema = z.object({ kycVerified: z.boolean(), kycFlowLink: z.nullable(z.url()) }).check(
  docMeta(
    OPENAPI_PROSE && {
      id: 'KycLink',
      examples: [
        {
          kycVerified: false,
          kycFlowLink:
            'https://kyc.sandbox.payouts.dev/flow/3b241101-e2bb-4255-8caf-4136c566a962?session=Xq3v9TzR1bWk7LmN2pYd8sAe',
        },
      ],
    },
  ),
);

export const KycSubmittedSchema = z.object({ success: z.literal(true), message: z.string() }).check(
  docMeta(
    OPENAPI_PROSE && {
      id: 'KycSubmitted',
      examples: [{ success: true, message: 'KYC verification submitted for review successfully.' }],
    },
  ),
);

export const SandboxKycLevelBody = z
  .strictObject({
    levelName: KycLevelSchema.check(
      docMeta(OPENAPI_PROSE && { description: 'The level the provider verified the customer for' }),
    ),
  })
  .check(docMeta(OPENAPI_PROSE && { examples: [{ levelName: 'customers-api-enhanced' }] }));

export const DisableCustomerBody = z
  .strictObject({
    reason: z.optional(text(500)).check(
      docMeta(
        OPENAPI_PROSE && {
          description: 'Why, for your records: sent in `customer.disabled`',
          examples: ['Suspected fraud'],
        },
      ),
    ),
  })
  .check(docMeta(OPENAPI_PROSE && { id: 'DisableCustomerRequest', examples: [{ reason: 'Suspected fraud' }] }));

export const DocumentFormFields = z
  .strictObject({
    idDocType: IdDocTypeSchema.check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'PASSPORT, ID_CARD and DRIVERS (both sides, one upload each), RESIDENCE_PERMIT: the identity step; ' +
            'PROOF_OF_ADDRESS (dated within 3 months): the proof-of-address step',
          examples: ['PASSPORT'],
        },
      ),
    ),
    idDocSubType: z
      .optional(IdDocSubTypeSchema)
      .check(
        docMeta(
          OPENAPI_PROSE && { description: 'The side: required for ID_CARD and DRIVERS', examples: ['FRONT_SIDE'] },
        ),
      ),
    country: z.string().check(
      z.regex(/^[A-Za-z]{3}$/, { error: 'Must be an ISO 3166-1 alpha-3 country code (e.g. GBR)' }),
      docMeta(
        OPENAPI_PROSE && {
          description: 'The issuing country, ISO 3166-1 alpha-3 (any letter case; answered upper-case)',
          examples: ['GBR'],
        },
      ),
    ),
  })
  .check(docMeta(OPENAPI_PROSE && { examples: [{ idDocType: 'PASSPORT', country: 'GBR' }] }));

export const DocumentUploadedSchema = z
  .object({
    success: z.literal(true),
    idDocType: IdDocTypeSchema,
    idDocSubType: z.nullable(IdDocSubTypeSchema),
    country: z.string(),
    reviewTriggered: z.boolean().check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'This upload completed the steps (identity, every side; proof of address) and submitted the KYC for ' +
            'review, as `POST .../kyc/submit` would (`customer.kyc.submitted` is sent)',
        },
      ),
    ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'DocumentUploaded',
        examples: [
          { success: true, idDocType: 'PASSPORT', idDocSubType: null, country: 'GBR', reviewTriggered: false },
        ],
      },
    ),
  );

/** A calendar date of birth, `YYYY-MM-DD`, a real day in the past (after 1900). */
export const DateOfBirthSchema = z
  .string()
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Must be a date as YYYY-MM-DD' }),
    z.refine(isPastCalendarDate, { error: 'Must be a real date in the past, after 1900' }),
  );

export function isPastCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === value &&
    value > '1900-01-01' &&
    date.getTime() < Date.now()
  );
}

export const SandboxKycApproveBody = z
  .strictObject({
    verifiedName: z.optional(text(140)).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            "The name the KYC provider verified; defaults to the customer's `name`. Withdrawal banks of recipient " +
            'type `CUSTOMER` must be in this name.',
          examples: ['Ada Lovelace'],
        },
      ),
    ),
    address: z.optional(AddressInputSchema).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            "The verified address; defaults to the customer's address on file, else a sample address in Berlin. " +
            'Withdrawal banks of the customer take their address from it.',
        },
      ),
    ),
    nationality: z.optional(CountryCodeSchema).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            "Individuals: the verified nationality (ISO 3166-1 alpha-2); defaults to the address's country. Virtual " +
            'accounts answer it as `addressDetails.nationality`.',
          examples: ['DE'],
        },
      ),
    ),
    dateOfBirth: z.optional(DateOfBirthSchema).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'Individuals: the verified date of birth (`YYYY-MM-DD`); defaults to none. Virtual accounts answer it as ' +
            '`addressDetails.dateOfBirth`.',
          examples: ['1990-12-10'],
        },
      ),
    ),
    registrationNumber: z.optional(text(50)).check(
      docMeta(
        OPENAPI_PROSE && {
          description: "Corporates: the company's registration number; its registered name is `verifiedName`.",
          examples: ['HRB 12345'],
        },
      ),
    ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'SandboxKycApproveRequest',
        examples: [
          {
            verifiedName: 'Ada Lovelace',
            address: { addressLine1: 'Friedrichstraße 123', city: 'Berlin', country: 'DE', postalCode: '10117' },
          },
        ],
      },
    ),
  );

export const ListCustomersQuery = z.strictObject({
  ...PaginationQuery,
  search: z
    .optional(z.string().check(z.trim(), z.minLength(1, { error: 'Must not be empty' }), z.maxLength(100)))
    .check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'Only customers whose name or e-mail contains this text, in any letter case (`ada`, `@example.com`). A ' +
            'filter over the newest-first list: a page may hold fewer items than `limit` and still link to the next.',
          examples: ['lovelace'],
        },
      ),
    ),
});

/** Lower case with diacritics kept: `Lovelace` finds `ada.lovelace@example.com` and `Ada LOVELACE`. */
export const customerMatches = (search: string) => {
  const needle = search.toLowerCase();
  return (customer: CustomerRecord) =>
    customer.name.toLowerCase().includes(needle) || customer.email.toLowerCase().includes(needle);
};
