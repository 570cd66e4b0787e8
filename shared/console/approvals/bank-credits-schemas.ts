import { type BankCreditRecord, BankCreditStatusSchema } from '#shared/bank-credits/records.ts';
import { PaginationQuery } from '#shared/routing/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/** The suspense queue's requests and answers (shared/bank-credits/README.md, "The suspense queue"). */

export const SuspenseQuery = z.strictObject({ ...PaginationQuery });

export const BookingIdParams = z.strictObject({
  bookingId: z.string().check(z.regex(/^[0-9a-f]{32}$/, { error: 'Must be a bank credit id' })),
});

const reason = z.string().check(z.trim(), z.minLength(1), z.maxLength(500));

export const AssignSuspenseBody = z.strictObject({ customerId: z.uuid({ error: 'Must be a UUID' }), reason });

export const SendBackSuspenseBody = z.strictObject({ reason });

export const SuspenseCreditSchema = z.object({
  id: z.string(),
  status: BankCreditStatusSchema,
  bookedAt: z.string(),
  amount: z.string(),
  currency: z.string(),
  account: z.string(),
  bankReference: z.string(),
  remittance: z.array(z.string()),
  payerName: z.nullable(z.string()),
  payerAccount: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  rail: z.nullable(z.string()),
  /** The customer the reference or account named, when one did (a payer name that did not fit, say). */
  customerId: z.nullable(z.string()),
  resolution: z.nullable(z.object({ by: z.string(), reason: z.string(), at: z.string() })),
  transactionId: z.nullable(z.string()),
  sentBackAs: z.nullable(z.string()),
});
export type SuspenseCredit = z.infer<typeof SuspenseCreditSchema>;

export const SuspenseListSchema = z.object({
  items: z.array(SuspenseCreditSchema),
  nextCursor: z.nullable(z.string()),
});

export const suspenseCreditView = (record: BankCreditRecord): SuspenseCredit => ({
  id: record.bookingId,
  status: record.status,
  bookedAt: record.bookedAt,
  amount: record.amount,
  currency: record.currency,
  account: record.account,
  bankReference: record.bankReference,
  remittance: record.remittance,
  payerName: record.payerName,
  payerAccount: record.payerAccount,
  reason: record.reason,
  rail: record.rail,
  customerId: record.customerId,
  resolution: record.resolution,
  transactionId: record.transactionId,
  sentBackAs: record.sendBack?.endToEndId ?? null,
});
