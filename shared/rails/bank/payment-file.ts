import * as z from '#shared/validation/zod.ts';

/**
 * What the payout rail is given to pay: one file per organization and rail, one payment per withdrawal. Amounts
 * are decimal strings with at most two places (never JS numbers); identifiers are chosen by the batcher and kept in
 * its file record, so the same file is always written with the same content.
 */

/** A structured postal address, as ISO 20022 `PstlAdr` (and SWIFT from November 2026, Fedwire) want it. */
export const PostalAddressSchema = z.object({
  street: z.string().check(z.minLength(1), z.maxLength(70)),
  buildingNumber: z.nullable(z.string().check(z.minLength(1), z.maxLength(16))),
  postCode: z.nullable(z.string().check(z.minLength(1), z.maxLength(16))),
  town: z.string().check(z.minLength(1), z.maxLength(35)),
  country: z.string().check(z.regex(/^[A-Z]{2}$/)),
});
export type PostalAddress = z.infer<typeof PostalAddressSchema>;

export const EurAccountSchema = z.object({
  currency: z.literal('EUR'),
  name: z.string().check(z.minLength(1)),
  iban: z.string().check(z.regex(/^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{1,30}$/)),
  bic: z.nullable(z.string()),
  address: z.optional(PostalAddressSchema),
});
export const UsdAccountSchema = z.object({
  currency: z.literal('USD'),
  name: z.string().check(z.minLength(1)),
  accountNumber: z.string().check(z.minLength(1)),
  routingNumber: z.string().check(z.regex(/^\d{9}$/)),
  /**
   * How payouts to a `FEDWIRE` bank leave this account: as a Fedwire transfer (pain.001) or in an ACH batch (a
   * NACHA file). Absent: FEDWIRE, as before ACH existed.
   */
  domesticRail: z.optional(z.enum(['FEDWIRE', 'ACH'])),
  /** ACH: the company identification the bank assigned (10 characters, often `1` and the EIN). */
  achCompanyId: z.optional(z.string().check(z.regex(/^[A-Za-z0-9 ]{10}$/))),
  /** ACH: same-day entries (the bank must have enabled same-day ACH for the account). */
  achSameDay: z.optional(z.boolean()),
  address: z.optional(PostalAddressSchema),
});
export const PayoutAccountSchema = z.discriminatedUnion('currency', [EurAccountSchema, UsdAccountSchema]);
export type PayoutAccount = z.infer<typeof PayoutAccountSchema>;
export type UsdAccount = z.infer<typeof UsdAccountSchema>;

export const AmountSchema = z.string().check(z.regex(/^\d{1,15}(\.\d{1,2})?$/));

/**
 * Whom a payment pays, as the rail maps it from the withdrawal's bank (`creditorOf` in `rails.ts`): each rail's writer
 * refuses a creditor without the fields its file needs.
 */
export const CreditorSchema = z.object({
  name: z.string().check(z.minLength(1)),
  /** ACH: businesses are paid in CCD entries, individuals in PPD. */
  kind: z.enum(['individual', 'business']),
  iban: z.nullable(z.string().check(z.regex(/^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{1,30}$/))),
  accountNumber: z.nullable(z.string().check(z.minLength(1), z.maxLength(34))),
  bic: z.nullable(z.string()),
  routingNumber: z.nullable(z.string().check(z.regex(/^\d{9}$/))),
  address: z.nullable(PostalAddressSchema),
});
export type Creditor = z.infer<typeof CreditorSchema>;

export const PaymentSchema = z.object({
  /** The withdrawal's `reference`: the bank hands it back in every report. */
  endToEndId: z.string().check(z.minLength(1), z.maxLength(35)),
  amount: AmountSchema,
  creditor: CreditorSchema,
  remittance: z.string(),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const PaymentFileSchema = z.object({
  messageId: z.string().check(z.minLength(1), z.maxLength(35)),
  /** ISO 8601 in UTC (`...Z`): the creation time is written with its offset, never as bare local time. */
  createdAt: z.string(),
  /** `YYYY-MM-DD`. */
  executionDate: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  initiatingParty: z.string().check(z.minLength(1)),
  debtor: PayoutAccountSchema,
  payments: z.array(PaymentSchema).check(z.minLength(1)),
});
export type PaymentFile = z.infer<typeof PaymentFileSchema>;

/** A refusal of the file's writer: the batcher fails the payment it names alone. */
export class UnwritablePaymentError extends Error {}

/** Sum of decimal strings with at most two places, in integer cents (never floats). */
export function controlSum(amounts: readonly string[]): string {
  const cents = sumCents(amounts);
  const fraction = (cents % 100n).toString().padStart(2, '0');
  return `${cents / 100n}.${fraction}`;
}

/** Decimal strings with at most two places as integer cents. */
export function sumCents(amounts: readonly string[]): bigint {
  return amounts.reduce((sum, amount) => {
    const [units = '0', fraction = ''] = amount.split('.');
    return sum + BigInt(units) * 100n + BigInt(fraction.padEnd(2, '0'));
  }, 0n);
}

/** The payment information id of a file's one payment block. */
export const paymentInfoId = (messageId: string) => `${messageId}-1`.slice(-35);

const SANDBOX_ADDRESS = {
  street: 'Sandbox Street',
  buildingNumber: '1',
  postCode: '10117',
  town: 'Berlin',
  country: 'DE',
};

/**
 * Identifiers no real bank accepts, for the sandbox's payer accounts, so a sandbox file that ever reached a bank would
 * be refused at its first check:
 * - IBAN `DE00000000000000000000`: check digits `00`, which ISO 13616's MOD 97-10 never yields (valid ones are 02-98);
 * - BIC `SNDBDEF0XXX`: a `0` as the second character of the location code marks a test BIC (ISO 9362), not
 *   connected to the live network;
 * - ABA routing number `500000005`: its check digit holds (so our writers accept it), but `50` is no Federal Reserve
 *   routing symbol (assigned: 00-12, 21-32, 61-72, 80);
 * - ACH company id `1000000000`: `1` and the EIN `000000000`, whose prefix `00` the IRS never assigns.
 */
export const SANDBOX_IDENTIFIERS = {
  iban: 'DE00000000000000000000',
  bic: 'SNDBDEF0XXX',
  routingNumber: '500000005',
  achCompanyId: '1000000000',
} as const;

/** The sandbox bank simulator's debtor accounts, for sandbox organizations that configured none. */
export const SANDBOX_DEBTORS = {
  EUR: {
    currency: 'EUR',
    name: 'Sandbox payouts',
    iban: SANDBOX_IDENTIFIERS.iban,
    bic: SANDBOX_IDENTIFIERS.bic,
    address: SANDBOX_ADDRESS,
  },
  USD: {
    currency: 'USD',
    name: 'Sandbox payouts',
    accountNumber: '000123456789',
    routingNumber: SANDBOX_IDENTIFIERS.routingNumber,
    domesticRail: 'ACH',
    achCompanyId: SANDBOX_IDENTIFIERS.achCompanyId,
    achSameDay: true,
    address: { street: 'Wall Street', buildingNumber: '1', postCode: '10005', town: 'New York', country: 'US' },
  },
} as const satisfies Record<'EUR' | 'USD', PayoutAccount>;
