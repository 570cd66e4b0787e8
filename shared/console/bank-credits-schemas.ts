import { type BankCreditRecord, BankCreditStatusSchema } from '#shared/bank-credits/records.ts';
import { SEPA } from '#shared/rails/bank/rail.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import { PaginationQuery } from '#shared/routing/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/** The suspense queue's requests and answers (shared/bank-credits/README.md, "The suspense queue"). */

export const SuspenseQuery = z.strictObject({ ...PaginationQuery });

export const BookingIdParams = z.strictObject({
  bookingId: z
    .string()
    .check(
      z.regex(/^[0-9a-f]{32}$/, { error: 'Must be a bank credit id' }),
      docMeta(OPENAPI_PROSE && { description: 'The bank credit: its `id` in the suspense queue' }),
    ),
});

const reason = z
  .string()
  .check(
    z.trim(),
    z.minLength(1),
    z.maxLength(500),
    docMeta(OPENAPI_PROSE && { description: 'Why (audited)', examples: ['Customer confirmed the payment by phone'] }),
  );

export const AssignSuspenseBody = z
  .strictObject({ customerId: z.uuid({ error: 'Must be a UUID' }), reason })
  .check(docMeta(OPENAPI_PROSE && { id: 'ConsoleAssignBankCreditRequest' }));

export const SendBackSuspenseBody = z
  .strictObject({ reason })
  .check(docMeta(OPENAPI_PROSE && { id: 'ConsoleSendBackBankCreditRequest' }));

const EXAMPLE = {
  id: '3f6c0e9d2b7a41c8a5e2d9f0b1c3e4a5',
  status: 'SUSPENSE' as const,
  bookedAt: '2026-11-27T00:00:00.000Z',
  amount: '100.00',
  currency: 'EUR',
  account: 'DE89370400440532013000',
  bankReference: '2026112700001234',
  remittance: ['A7B3C9D2E1'],
  payerName: 'JOHN SMITH',
  payerAccount: 'FR1420041010050500013M02606',
  reason: 'The payer "JOHN SMITH" is not the customer',
  rail: SEPA,
  customerId: '3b241101-e2bb-4255-8caf-4136c566a962',
  resolution: null,
  transactionId: null,
  sentBackAs: null,
};

export const SuspenseCreditSchema = z
  .object({
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
  })
  .check(docMeta(OPENAPI_PROSE && { id: 'ConsoleBankCredit', examples: [EXAMPLE] }));
export type SuspenseCredit = z.infer<typeof SuspenseCreditSchema>;

export const SuspenseListSchema = z
  .object({ items: z.array(SuspenseCreditSchema), nextCursor: z.nullable(z.string()) })
  .check(docMeta(OPENAPI_PROSE && { examples: [{ items: [EXAMPLE], nextCursor: null }] }));

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
