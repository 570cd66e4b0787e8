import { BankCreditStatusSchema } from '#shared/bank-credits/records.ts';
import { TransactionSchema } from '#shared/transactions/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/** The sandbox bank's pay-in (`sandbox-pay-in.ts`): a bank transfer booked to the receiving account. */

export const SandboxPayInBody = z.strictObject({
  currency: z.enum(['EUR', 'USD'], { error: 'Must be EUR or USD' }),
  amount: z
    .string()
    .check(z.regex(/^\d{1,12}(\.\d{1,2})?$/, { error: 'Must be a decimal string with at most 2 decimal places' })),
  reference: z.string().check(z.minLength(1), z.maxLength(140)),
  payerName: z.optional(z.string().check(z.minLength(1), z.maxLength(70))),
  payerIban: z.optional(z.string().check(z.regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, { error: 'Must be an IBAN' }))),
});

export const SandboxPayInSchema = z.object({
  id: z.string(),
  bankReference: z.string(),
  status: BankCreditStatusSchema,
  reason: z.nullable(z.string()),
  transaction: z.nullable(TransactionSchema),
});
