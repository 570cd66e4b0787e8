import { bankRailOfBody, checkRailFields } from '#shared/banks/bank-rail-rules.ts';
import { BankCurrencySchema, PaymentRailSchema, RecipientTypeSchema } from '#shared/banks/records.ts';
import { SWIFT } from '#shared/rails/bank/rail.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
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

export const CreateBankBody = z
  .pipe(
    z
      .strictObject({
        beneficiaryName: text(140).check(
          docMeta(
            OPENAPI_PROSE && {
              description:
                'The account holder. For `CUSTOMER` banks it must match the KYC verified name (`verifiedName`): case, ' +
                'accents, punctuation and word order are ignored, an initial may stand for a word, but every word must be ' +
                'accounted for; a mismatch is a 400.',
              examples: ['Ada Lovelace'],
            },
          ),
        ),
        currency: z.optional(BankCurrencySchema).check(
          docMeta(
            OPENAPI_PROSE && {
              description:
                '`EUR` (SEPA: IBAN and BIC) or `USD` (Fedwire: account and routing number); SWIFT, in either: account ' +
                "number or IBAN, BIC and the bank's name, address and country. Defaults to EUR.",
            },
          ),
        ),
        paymentRail: z.optional(PaymentRailSchema).check(
          docMeta(
            OPENAPI_PROSE && {
              description:
                '`SEPA` (EUR), `FEDWIRE` (USD) or `SWIFT` (USD, or EUR to a bank outside SEPA), as Compose takes it; ' +
                'without it a currency takes its domestic ' +
                'rail (EUR SEPA, USD FEDWIRE). SWIFT banks are reviewed: they are created `PENDING` and become `ACTIVE` ' +
                'with `withdrawal_bank.approved`.',
            },
          ),
        ),
        iban: z.optional(IbanSchema).check(
          docMeta(
            OPENAPI_PROSE && {
              description: 'EUR banks: the IBAN, spaces and letter case ignored (checked: length, structure, mod-97)',
              examples: ['DE89 3704 0044 0532 0130 00'],
            },
          ),
        ),
        bic: z.optional(BicSchema).check(
          docMeta(
            OPENAPI_PROSE && {
              description: 'EUR banks: the BIC, 8 or 11 characters, its country an ISO 3166-1 code',
              examples: ['COBADEFFXXX'],
            },
          ),
        ),
        accountNumber: z.optional(AccountNumberSchema).check(
          docMeta(
            OPENAPI_PROSE && {
              description:
                'FEDWIRE banks: the account number, 4 to 17 digits; SWIFT banks: 4 to 17 digits or an IBAN (as ' +
                "Compose's SWIFT body carries it)",
              examples: ['000123456789'],
            },
          ),
        ),
        routingNumber: z.optional(RoutingNumberSchema).check(
          docMeta(
            OPENAPI_PROSE && {
              description: 'USD banks: the 9-digit ABA routing number (checksum checked)',
              examples: ['021000021'],
            },
          ),
        ),
        bankName: z.optional(text(140)).check(
          docMeta(
            OPENAPI_PROSE && {
              description: "SWIFT banks (required): the beneficiary bank's name",
              examples: ['JPMorgan Chase Bank, N.A.'],
            },
          ),
        ),
        bankAddress: z.optional(text(300)).check(
          docMeta(
            OPENAPI_PROSE && {
              description: "SWIFT banks (required): the beneficiary bank's address",
              examples: ['383 Madison Avenue, New York, NY 10179'],
            },
          ),
        ),
        bankCountry: z.optional(text(100)).check(
          docMeta(
            OPENAPI_PROSE && {
              description: "SWIFT banks (required): the beneficiary bank's country, as a code or a name",
              examples: ['US'],
            },
          ),
        ),
        recipientType: z._default(RecipientTypeSchema, 'CUSTOMER').check(
          docMeta(
            OPENAPI_PROSE && {
              description:
                "`CUSTOMER`: the customer's own account, name-matched and ACTIVE at once; `OTHER_INDIVIDUAL` or " +
                '`OTHER_BUSINESS`: a third party, PENDING until reviewed, address required',
            },
          ),
        ),
        addressLine1: z.optional(text(200)).check(
          docMeta(
            OPENAPI_PROSE && {
              description:
                "The beneficiary's street address. Required for `OTHER_*` recipients; for `CUSTOMER` send it with " +
                "`city` or leave both out (the customer's verified address is used)",
            },
          ),
        ),
        city: z
          .optional(text(100))
          .check(
            docMeta(OPENAPI_PROSE && { description: "The beneficiary's city; required together with `addressLine1`" }),
          ),
        postalCode: z.optional(text(16)).check(
          docMeta(
            OPENAPI_PROSE && {
              description:
                "Optional, not in Compose: the post code of the beneficiary's address, written into the structured " +
                "address of SWIFT and Fedwire files; a `CUSTOMER` bank without an address takes the verified one's",
              examples: ['10117'],
            },
          ),
        ),
        country: z.optional(CountryCodeSchema).check(
          docMeta(
            OPENAPI_PROSE && {
              description:
                "ISO 3166-1 alpha-2 code of the beneficiary's address; defaults to the customer's address, then the IBAN's " +
                'country (EUR) or US (USD)',
            },
          ),
        ),
        recipientEmail: z
          .optional(EmailSchema)
          .check(docMeta(OPENAPI_PROSE && { description: "The beneficiary's e-mail address, if known" })),
        notificationEnabled: z._default(z.boolean(), false).check(
          docMeta(
            OPENAPI_PROSE && {
              description: 'Whether the beneficiary is to be notified of payouts (stored and returned)',
            },
          ),
        ),
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
  )
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'CreateWithdrawalBankRequest',
        examples: [
          { beneficiaryName: 'Ada Lovelace', currency: 'EUR', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
          {
            beneficiaryName: 'Ada Lovelace',
            currency: 'USD',
            accountNumber: '000123456789',
            routingNumber: '021000021',
          },
          {
            beneficiaryName: 'Ada Lovelace',
            currency: 'USD',
            paymentRail: SWIFT,
            accountNumber: '000123456789',
            bic: 'CHASUS33',
            bankName: 'JPMorgan Chase Bank, N.A.',
            bankAddress: '383 Madison Avenue, New York, NY 10179',
            bankCountry: 'US',
          },
        ],
      },
    ),
  );
export type CreateBankInput = z.output<typeof CreateBankBody>;
