import {
  isValidBic,
  isValidRoutingNumber,
  isValidUsAccountNumber,
  normalizeBic,
  normalizeIban,
} from '#shared/validation/bank-accounts.ts';
import { CountryCodeSchema } from '#shared/validation/country.ts';
import { isValidIban } from '#shared/validation/iban.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The bank accounts customers pay fiat into (deposit details, API.md section 6): the EUR receiving account (the
 * platform's, or one an organization configured), the shared USD reference account, and the issuer of USD virtual
 * accounts. Validated once, where they are configured (`cdk synth`, every cold start, the admin CLI): the same IBAN,
 * BIC, routing and account rules as withdrawal banks.
 */

const line = (max: number) =>
  z.pipe(
    z.pipe(
      z.string(),
      z.transform((value) => value.trim().replace(/\s+/g, ' ')),
    ),
    z.string().check(z.minLength(1), z.maxLength(max)),
  );

const Iban = z.pipe(z.string(), z.transform(normalizeIban)).check(z.refine(isValidIban, { error: 'Invalid IBAN' }));
const Bic = z.pipe(z.string(), z.transform(normalizeBic)).check(z.refine(isValidBic, { error: 'Invalid BIC' }));
const AccountNumber = z.string().check(z.trim(), z.refine(isValidUsAccountNumber, { error: 'Must be 4 to 17 digits' }));
const RoutingNumber = z.string().check(z.trim(), z.refine(isValidRoutingNumber, { error: 'Invalid routing number' }));

/** The BIC's country (ISO 9362 characters 5-6) is the bank's country. */
const bicCountry = (bic: string) => bic.slice(4, 6);

const holder = { accountName: line(140), accountAddress: z._default(z.nullable(line(200)), null) };
const bank = {
  bankName: line(140),
  bankAddress: z._default(z.nullable(line(200)), null),
  /** Defaults to the BIC's country. */
  bankCountry: z.optional(CountryCodeSchema),
};

/** A SEPA receiving account as stored (on an organization) and used. */
export const EurReceivingAccountRecordSchema = z.object({
  accountName: z.string(),
  accountAddress: z.nullable(z.string()),
  iban: z.string(),
  bic: z.string(),
  bankName: z.string(),
  bankAddress: z.nullable(z.string()),
  bankCountry: z.string(),
});
export type EurReceivingAccount = z.infer<typeof EurReceivingAccountRecordSchema>;

/** A SEPA receiving account as an operator gives it; the bank's country comes from the BIC. */
export const EurReceivingAccountSchema = z.pipe(
  z.strictObject({ ...holder, iban: Iban, bic: Bic, ...bank }),
  z.transform(
    (account): EurReceivingAccount => ({ ...account, bankCountry: account.bankCountry ?? bicCountry(account.bic) }),
  ),
);
export type EurReceivingAccountInput = z.input<typeof EurReceivingAccountSchema>;

/** The shared USD account: FEDWIRE uses account and routing number, SWIFT account number and BIC. */
export const UsdReferenceAccountSchema = z.pipe(
  z.strictObject({ ...holder, accountNumber: AccountNumber, routingNumber: RoutingNumber, bic: Bic, ...bank }),
  z.transform((account) => ({ ...account, bankCountry: account.bankCountry ?? bicCountry(account.bic) })),
);
export type UsdReferenceAccount = z.output<typeof UsdReferenceAccountSchema>;

/**
 * Who issues USD virtual accounts: dedicated IBANs in the UK format (`GBkk` + the BIC's bank code + sort code + an
 * 8-digit account number), which SWIFT payers everywhere can address.
 */
export const VirtualAccountIssuerSchema = z.pipe(
  z.strictObject({
    bic: Bic.check(
      z.refine((bic) => bicCountry(bic) === 'GB', { error: 'Must be a GB BIC (virtual IBANs are GB IBANs)' }),
    ),
    sortCode: z.string().check(z.regex(/^\d{6}$/, { error: 'Must be 6 digits' })),
    ...bank,
  }),
  z.transform((issuer) => ({ ...issuer, bankCountry: issuer.bankCountry ?? bicCountry(issuer.bic) })),
);
export type VirtualAccountIssuer = z.output<typeof VirtualAccountIssuerSchema>;

/**
 * Sandbox placeholders, so `npm start` and tests work without configuration. A deployment sets its real accounts
 * (`RECEIVING_BANKS`, `VIRTUAL_ACCOUNT_ISSUER`); nothing here is a real account.
 */
export const PLATFORM_DEFAULTS = {
  eur: {
    accountName: 'Payout Service Client Funds',
    accountAddress: '1 Example Street, 10117 Berlin, DE',
    iban: 'DE89370400440532013000',
    bic: 'SNDBDEFFXXX',
    bankName: 'Sandbox Bank AG',
    bankAddress: 'Sandboxplatz 1, 60311 Frankfurt am Main, DE',
  },
  usd: {
    accountName: 'Payout Service Client Funds',
    accountAddress: '1 Example Street, New York, NY 10004, US',
    accountNumber: '000123456789',
    routingNumber: '021012349',
    bic: 'SNDBUS33XXX',
    bankName: 'Sandbox Bank N.A.',
    bankAddress: '1 Sandbox Plaza, New York, NY 10004, US',
  },
  virtualAccounts: {
    bic: 'SNDBGB2LXXX',
    sortCode: '040000',
    bankName: 'Sandbox Virtual Accounts Ltd',
    bankAddress: '1 Sandbox Lane, London EC2A 1AA, GB',
  },
} as const;

/** Whether an account is one of the placeholders above (their BICs name no real bank): never shown to live customers. */
export const isPlaceholderAccount = (account: { bic: string }) =>
  account.bic === PLATFORM_DEFAULTS.eur.bic || account.bic === PLATFORM_DEFAULTS.usd.bic;

/**
 * `RECEIVING_BANKS`: `{"EUR": {...}, "USD": {...}}`, the platform's EUR receiving account and the shared USD
 * reference account; either may be left out (its placeholder applies). The CDK context key `receivingBanks` sets it.
 */
export const ReceivingBanksSchema = z.strictObject({
  EUR: z._default(EurReceivingAccountSchema, EurReceivingAccountSchema.parse(PLATFORM_DEFAULTS.eur)),
  USD: z._default(UsdReferenceAccountSchema, UsdReferenceAccountSchema.parse(PLATFORM_DEFAULTS.usd)),
});
