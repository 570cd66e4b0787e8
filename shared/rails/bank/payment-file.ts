import * as z from '#shared/validation/zod.ts';

/**
 * What the payout rail is given to pay: one file per organization and currency, one payment per withdrawal. Amounts
 * are decimal strings with at most two places (never JS numbers); identifiers are chosen by the batcher and kept in
 * its file record, so the same file is always written with the same content.
 */
export const EurAccountSchema = z.object({
  currency: z.literal('EUR'),
  name: z.string().check(z.minLength(1)),
  iban: z.string().check(z.regex(/^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{1,30}$/)),
  bic: z.nullable(z.string()),
});
export const UsdAccountSchema = z.object({
  currency: z.literal('USD'),
  name: z.string().check(z.minLength(1)),
  accountNumber: z.string().check(z.minLength(1)),
  routingNumber: z.string().check(z.regex(/^\d{9}$/)),
});
export const PayoutAccountSchema = z.discriminatedUnion('currency', [EurAccountSchema, UsdAccountSchema]);
export type PayoutAccount = z.infer<typeof PayoutAccountSchema>;

export const AmountSchema = z.string().check(z.regex(/^\d{1,15}(\.\d{1,2})?$/));

export const PaymentSchema = z.object({
  /** The withdrawal's `reference`: the bank hands it back in every report. */
  endToEndId: z.string().check(z.minLength(1), z.maxLength(35)),
  amount: AmountSchema,
  creditor: PayoutAccountSchema,
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

/** Sum of decimal strings with at most two places, in integer cents (never floats). */
export function controlSum(amounts: readonly string[]): string {
  const cents = amounts.reduce((sum, amount) => {
    const [units = '0', fraction = ''] = amount.split('.');
    return sum + BigInt(units) * 100n + BigInt(fraction.padEnd(2, '0'));
  }, 0n);
  const fraction = (cents % 100n).toString().padStart(2, '0');
  return `${cents / 100n}.${fraction}`;
}

/** The payment information id of a file's one payment block. */
export const paymentInfoId = (messageId: string) => `${messageId}-1`.slice(-35);

/** The sandbox bank simulator's debtor accounts, for sandbox organizations that configured none. */
export const SANDBOX_DEBTORS = {
  EUR: { currency: 'EUR', name: 'Sandbox payouts', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  USD: { currency: 'USD', name: 'Sandbox payouts', accountNumber: '000123456789', routingNumber: '021000021' },
} as const satisfies Record<'EUR' | 'USD', PayoutAccount>;
