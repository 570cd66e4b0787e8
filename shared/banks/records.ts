import * as z from '#shared/validation/zod.ts';

/** The stored shapes of the banks area: what the table holds, parsed on every read (see `repository.ts`). */

/**
 * A customer's withdrawal bank account as stored. The bank area (create, list, approve) owns its writes;
 * withdrawals read it through `getBankOfCustomer` and copy the payout details onto the transaction.
 */
export const BankStatusSchema = z.enum(['PENDING', 'ACTIVE', 'REJECTED']);
export type BankStatus = z.infer<typeof BankStatusSchema>;
export const BankCurrencySchema = z.enum(['EUR', 'USD']);
export type BankCurrency = z.infer<typeof BankCurrencySchema>;
/** SEPA pays EUR banks; FEDWIRE and SWIFT pay USD banks (Compose's rails). */
export const PaymentRailSchema = z.enum(['SEPA', 'FEDWIRE', 'SWIFT']);
export type PaymentRail = z.infer<typeof PaymentRailSchema>;
export const RecipientTypeSchema = z.enum(['CUSTOMER', 'OTHER_INDIVIDUAL', 'OTHER_BUSINESS']);

export const BankRecordSchema = z.object({
  bankId: z.string(),
  organizationId: z.string(),
  customerId: z.string(),
  beneficiaryName: z.string(),
  currency: BankCurrencySchema,
  paymentRail: PaymentRailSchema,
  iban: z.nullable(z.string()),
  bic: z.nullable(z.string()),
  accountNumber: z.nullable(z.string()),
  routingNumber: z.nullable(z.string()),
  /** SWIFT banks only; absent on banks stored before SWIFT. */
  bankName: z.optional(z.nullable(z.string())),
  bankAddress: z.optional(z.nullable(z.string())),
  bankCountry: z.optional(z.nullable(z.string())),
  addressLine1: z.nullable(z.string()),
  city: z.nullable(z.string()),
  country: z.nullable(z.string()),
  recipientType: RecipientTypeSchema,
  recipientEmail: z.nullable(z.string()),
  notificationEnabled: z.boolean(),
  status: BankStatusSchema,
  rejectionReason: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * The last NACHA notification of change received for payouts to this bank (an ACH bank telling the originator the
   * details to use from now on: `C01` a corrected account number, ...), with the corrected data as the bank wrote it.
   * Absent until one arrives.
   */
  notificationOfChange: z.optional(
    z.object({
      code: z.string(),
      meaning: z.string(),
      correctedData: z.string(),
      originalTraceNumber: z.string(),
      receivedAt: z.string(),
    }),
  ),
  /** Optimistic-concurrency counter, as on customers. */
  version: z.number().check(z.int(), z.gte(1)),
});
export type BankRecord = z.infer<typeof BankRecordSchema>;
