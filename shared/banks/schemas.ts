import { bankRailOfBody, checkRailFields } from '#shared/banks/bank-rail-rules.ts';
import { BankCurrencySchema, PaymentRailSchema, RecipientTypeSchema } from '#shared/banks/records.ts';
import { isValidBic, isValidRoutingNumber, normalizeBic, normalizeIban } from '#shared/validation/bank-accounts.ts';
import { CountryCodeSchema } from '#shared/validation/country.ts';
import { EmailSchema } from '#shared/validation/email.ts';
import { ibanCheck, isValidIban } from '#shared/validation/iban.ts';
import { text } from '#shared/validation/text.ts';
import * as z from '#shared/validation/zod.ts';

const IbanSchema = z.pipe(z.string().check(z.maxLength(64)), z.transform(normalizeIban)).check(ibanCheck);
const BicSchema = z
  .pipe(z.string().check(z.maxLength(16)), z.transform(normalizeBic))
  .check(z.refine(isValidBic, { error: 'Invalid BIC' }));
/** 4 to 17 digits, or for a rail that takes either (SWIFT) an IBAN: checked with the rail, below. */
const AccountNumberSchema = z.pipe(
  z.string().check(z.trim(), z.maxLength(64)),
  z.transform((value) => (isValidIban(normalizeIban(value)) ? normalizeIban(value) : value)),
);
const RoutingNumberSchema = z
  .string()
  .check(z.trim(), z.refine(isValidRoutingNumber, { error: 'Invalid routing number' }));

export const CreateBankBody = z.pipe(
  z
    .strictObject({
      beneficiaryName: text(140),
      currency: z.optional(BankCurrencySchema),
      paymentRail: z.optional(PaymentRailSchema),
      iban: z.optional(IbanSchema),
      bic: z.optional(BicSchema),
      accountNumber: z.optional(AccountNumberSchema),
      routingNumber: z.optional(RoutingNumberSchema),
      bankName: z.optional(text(140)),
      bankAddress: z.optional(text(300)),
      bankCountry: z.optional(text(100)),
      recipientType: z._default(RecipientTypeSchema, 'CUSTOMER'),
      addressLine1: z.optional(text(200)),
      city: z.optional(text(100)),
      postalCode: z.optional(text(16)),
      country: z.optional(CountryCodeSchema),
      recipientEmail: z.optional(EmailSchema),
      notificationEnabled: z._default(z.boolean(), false),
    })
    .check(
      z.superRefine((body, ctx) => {
        const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
        checkRailFields(body, issue);
        if (body.recipientType !== 'CUSTOMER') {
          for (const field of ['addressLine1', 'city'] as const) {
            if (body[field] === undefined) issue(field, `Required for ${body.recipientType} recipients`);
          }
        } else if ((body.addressLine1 === undefined) !== (body.city === undefined)) {
          // Half an address cannot be completed from the customer's: it would mix two addresses.
          const missing = body.addressLine1 === undefined ? 'addressLine1' : 'city';
          const given = missing === 'city' ? 'addressLine1' : 'city';
          issue(missing, `Required when ${given} is given`);
        }
      }),
    ),
  z.transform((body) => ({
    beneficiaryName: body.beneficiaryName,
    ...bankRailOfBody(body),
    iban: body.iban ?? null,
    bic: body.bic ?? null,
    accountNumber: body.accountNumber ?? null,
    routingNumber: body.routingNumber ?? null,
    bankName: body.bankName ?? null,
    bankAddress: body.bankAddress ?? null,
    bankCountry: body.bankCountry ?? null,
    recipientType: body.recipientType,
    addressLine1: body.addressLine1 ?? null,
    city: body.city ?? null,
    postalCode: body.postalCode ?? null,
    country: body.country ?? null,
    recipientEmail: body.recipientEmail ?? null,
    notificationEnabled: body.notificationEnabled,
  })),
);
export type CreateBankInput = z.output<typeof CreateBankBody>;
